import assert from "node:assert/strict";
import { mkdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { diffFingerprints } from "../../src/workspace/fingerprintDiff.js";
import {
  CONTENT_HASH_LIMIT,
  fingerprint,
  SETTLED_NS,
  type ProtectedScope,
} from "../../src/workspace/protectedFingerprint.js";
import { tempDir } from "../support/tempDir.js";
import { countFsCalls } from "../support/countFsCalls.js";

function tree() {
  const ws = tempDir();
  const at = (p: string) => join(ws.dir, p);
  mkdirSync(at(".git/objects/pack"), { recursive: true });
  writeFileSync(at(".git/config"), "[core]\n");
  writeFileSync(at(".git/objects/pack/big.pack"), Buffer.alloc(CONTENT_HASH_LIMIT + 1, 1));
  mkdirSync(at(".acpgate"));
  writeFileSync(at(".acpgate/acpgate.db"), "db");
  mkdirSync(at("src/keys"), { recursive: true });
  writeFileSync(at("src/keys/a.pem"), "key");
  writeFileSync(at("src/main.ts"), "code");
  const scope: ProtectedScope = {
    whole: [at(".git"), at(".acpgate"), at("missing.yaml")],
    exclude: (p) => p === at(".acpgate/acpgate.db"),
    walk: { roots: [ws.dir], covers: (p) => p.endsWith(".pem") },
  };
  return { ...ws, at, scope };
}

void test("whole trees, walked matches, exclusions: exactly the protected entries are signed", async () => {
  const t = tree();
  const { at, scope } = t;
  try {
    const print = await fingerprint(scope);
    assert.deepEqual(
      [...print.keys()].sort(),
      [
        ".acpgate",
        ".git",
        ".git/config",
        ".git/objects",
        ".git/objects/pack",
        ".git/objects/pack/big.pack",
        "src/keys/a.pem",
      ].map(at),
    );
    // Small files carry their content hash; big ones only their stat.
    assert.match(print.get(at(".git/config")) ?? "", /:[0-9a-f]{64}$/);
    assert.doesNotMatch(print.get(at(".git/objects/pack/big.pack")) ?? "", /:[0-9a-f]{64}$/);
    assert.deepEqual(diffFingerprints(print, await fingerprint(scope)), []);
  } finally {
    t.cleanup();
  }
});

void test("created, modified and deleted entries are told apart, sorted by path", async () => {
  const t = tree();
  const { at, scope } = t;
  try {
    const before = await fingerprint(scope);
    writeFileSync(at(".git/config"), "[core]\n\thooksPath = x\n");
    writeFileSync(at(".git/evil"), "x");
    rmSync(at("src/keys/a.pem"));
    writeFileSync(at(".acpgate/acpgate.db"), "acpgate's own write");
    writeFileSync(at("src/main.ts"), "not protected");
    writeFileSync(at("missing.yaml"), "now there");
    assert.deepEqual(diffFingerprints(before, await fingerprint(scope)), [
      { path: at(".git/config"), change: "modified" },
      { path: at(".git/evil"), change: "created" },
      { path: at("missing.yaml"), change: "created" },
      { path: at("src/keys/a.pem"), change: "deleted" },
    ]);
  } finally {
    t.cleanup();
  }
});

void test("a same-size rewrite that restores the mtime is caught, small file or big", async () => {
  const t = tree();
  const { at, scope } = t;
  try {
    for (const p of [".git/config", ".git/objects/pack/big.pack"]) utimesSync(at(p), 1e9, 1e9);
    const before = await fingerprint(scope);
    writeFileSync(at(".git/config"), "[evil]\n");
    writeFileSync(at(".git/objects/pack/big.pack"), Buffer.alloc(CONTENT_HASH_LIMIT + 1, 2));
    for (const p of [".git/config", ".git/objects/pack/big.pack"]) utimesSync(at(p), 1e9, 1e9);
    assert.equal(statSync(at(".git/config")).mtimeMs, 1e12);
    assert.deepEqual(
      diffFingerprints(before, await fingerprint(scope)).map((c) => c.change),
      ["modified", "modified"],
    );
  } finally {
    t.cleanup();
  }
});

void test("a symlink is signed by its target and never followed by the walk", async () => {
  const t = tree();
  const { at, scope } = t;
  const outside = tempDir({ "b.pem": "outside" });
  try {
    symlinkSync(outside.dir, at("src/elsewhere"));
    symlinkSync("/etc/passwd", at(".git/link"));
    const before = await fingerprint(scope);
    assert.equal(before.has(join(at("src/elsewhere"), "b.pem")), false);
    assert.match(before.get(at(".git/link")) ?? "", /^link:\/etc\/passwd:/);
    rmSync(at(".git/link"));
    symlinkSync("/etc/shadow", at(".git/link"));
    assert.deepEqual(diffFingerprints(before, await fingerprint(scope)), [
      { path: at(".git/link"), change: "modified" },
    ]);
  } finally {
    t.cleanup();
    outside.cleanup();
  }
});

void test("a settled file with an unchanged stat keeps its content hash from the previous fingerprint", async (t) => {
  const tr = tree();
  const { at, scope } = tr;
  try {
    const reads = countFsCalls(t, "readFileSync");
    // Every file last changed well before the previous fingerprint began (SETTLED_NS).
    const real = Date.now.bind(Date);
    t.mock.method(Date, "now", () => real() + Number(SETTLED_NS / 1_000_000n) + 1000);
    const before = await fingerprint(scope);
    const read = reads.count;
    assert.ok(read >= 2, ".git/config and a.pem are read once");
    const again = await fingerprint(scope, before);
    assert.equal(reads.count, read, "nothing read again");
    assert.deepEqual(diffFingerprints(before, again), []);
    writeFileSync(at(".git/config"), "[core]\n\tbare = true\n");
    const after = await fingerprint(scope, again);
    assert.equal(reads.count, read + 1, "the changed file is read");
    assert.deepEqual(diffFingerprints(again, after), [
      { path: at(".git/config"), change: "modified" },
    ]);
  } finally {
    tr.cleanup();
  }
});

void test("a file changed shortly before the previous fingerprint began is read again, its stat unchanged or not", async () => {
  const tr = tree();
  const { at, scope } = tr;
  try {
    // A hash read in the same tick of the file clock as a second write (possible on kernels
    // whose file times are coarse): the previous fingerprint holds the stat of now with the
    // content of before. This one must not trust it: the file changed just now.
    const before = await fingerprint(scope);
    const path = at(".git/config");
    const signed = before.get(path) ?? "";
    const racy = signed.replace(/:[0-9a-f]{64}$/, `:${"0".repeat(64)}`);
    assert.notEqual(racy, signed);
    before.set(path, racy);
    assert.deepEqual(diffFingerprints(before, await fingerprint(scope, before)), [
      { path, change: "modified" },
    ]);
  } finally {
    tr.cleanup();
  }
});
