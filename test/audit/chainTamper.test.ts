import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import Database from "better-sqlite3";
import { RECORD_COLUMNS, rowToRecord } from "../../src/audit/recordRows.js";
import { recordHash } from "../../src/audit/hashChain.js";
import { createAuditStore } from "../../src/audit/openAuditStore.js";
import { runCli } from "../support/cli.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-tamper-");
after(() => tmp.remove());

const RUN = ["run", "@say hello\n@write out.txt hi"]; // 7 records, exit 5 (read-only)

function workDir(name: string): { dir: string; db: string } {
  const dir = join(tmp.dir, name);
  mkdirSync(dir);
  return { dir, db: join(dir, ".acpgate", "acpgate.db") };
}

/** What someone with write access to the file and no key can do: edit, then re-hash it all. */
function rewrite(db: string, edit: (id: number) => Record<string, unknown> | undefined): void {
  const conn = new Database(db);
  const rows = conn.prepare(`SELECT ${RECORD_COLUMNS} FROM audit_records ORDER BY id`).all();
  let prevHash = "";
  const update = conn.prepare(
    "UPDATE audit_records SET data = ?, prev_hash = ?, hash = ? WHERE id = ?",
  );
  for (const row of rows) {
    const record = rowToRecord(row as Record<string, string | number | null>);
    const { hash: _old, ...body } = { ...record, data: edit(record.id) ?? record.data, prevHash };
    const hash = recordHash(body);
    update.run(
      body.data === undefined ? null : JSON.stringify(body.data),
      prevHash,
      hash,
      record.id,
    );
    prevHash = hash;
  }
  conn.close();
}

void test("a run that appends to a broken chain warns; one on an intact chain does not", async () => {
  const { dir, db } = workDir("warn");
  const first = await runCli(RUN, { cwd: dir });
  assert.equal(first.code, 5);
  const clean = await runCli(RUN, { cwd: dir });
  assert.doesNotMatch(clean.stderr, /broken/);
  const conn = new Database(db);
  conn.prepare("UPDATE audit_records SET actor = 'someone-else' WHERE id = 9").run();
  conn.close();
  const warned = await runCli(RUN, { cwd: dir });
  assert.equal(warned.code, 5, warned.stderr);
  assert.match(
    warned.stderr,
    /acpgate: warn: the audit chain in .*acpgate\.db is broken at record 9: content does not match its hash \(edited\); new records are appended after it \(see acpgate audit verify\)/,
  );
  const verify = await runCli(["audit", "verify"], { cwd: dir });
  assert.equal(verify.code, 1);
  assert.match(verify.stderr, /audit chain broken at record 9/);
});

void test("audit anchor prints the head hash; verify --anchor catches truncation and a recomputed history", async () => {
  const { dir, db } = workDir("anchor");
  const empty = await runCli(["audit", "anchor"], { cwd: dir });
  assert.equal(empty.code, 1);
  assert.equal(empty.stdout, "");
  assert.equal((await runCli(RUN, { cwd: dir })).code, 5);
  const a1 = await runCli(["audit", "anchor"], { cwd: dir });
  assert.equal(a1.code, 0, a1.stderr);
  const anchor1 = a1.stdout.trim();
  assert.match(anchor1, /^[0-9a-f]{64}$/);
  const json = await runCli(["audit", "anchor", "--json"], { cwd: dir });
  assert.deepEqual(JSON.parse(json.stdout), {
    schema: "acpgate.audit-anchor.v1",
    id: 7,
    hash: anchor1,
    records: 7,
  });
  assert.equal((await runCli(RUN, { cwd: dir })).code, 5);
  const anchor2 = (await runCli(["audit", "anchor"], { cwd: dir })).stdout.trim();
  const both = await runCli(["audit", "verify", "--anchor", anchor1, "--anchor", anchor2], {
    cwd: dir,
  });
  assert.equal(both.stdout, "audit chain intact: 14 records, 2 anchor(s) found\n", both.stderr);

  // Truncation: the second run's records are gone; the chain that is left is intact.
  const conn = new Database(db);
  conn.prepare("DELETE FROM audit_records WHERE id > 7").run();
  conn.close();
  assert.equal((await runCli(["audit", "verify"], { cwd: dir })).code, 0, "truncation passes");
  const truncated = await runCli(["audit", "verify", "--anchor", anchor2], { cwd: dir });
  assert.equal(truncated.code, 1);
  assert.match(
    truncated.stderr,
    new RegExp(`acpgate: anchor ${anchor2} is not in the chain: it was truncated or rewritten`),
  );

  // A recomputed history: record 2's prompt edited, every hash after it recomputed.
  rewrite(db, (id) => (id === 2 ? { text: "something else" } : undefined));
  assert.equal(
    (await runCli(["audit", "verify"], { cwd: dir })).code,
    0,
    "a recomputed chain passes",
  );
  const recomputed = await runCli(["audit", "verify", "--anchor", anchor1, "--json"], { cwd: dir });
  assert.equal(recomputed.code, 1);
  assert.equal((JSON.parse(recomputed.stdout) as { problem: string }).problem, "anchor_missing");
});

const KEY_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  AUDIT_CHAIN_KEY: "a-long-enough-chain-key-0123456789",
};

void test("a keyed chain: a history recomputed without the key fails audit verify, with no export kept", async () => {
  const { dir, db } = workDir("keyed");
  writeFileSync(
    join(dir, "acpgate.yaml"),
    "storage: { sqlite: .acpgate/acpgate.db, chainKey: { secret: AUDIT_CHAIN_KEY } }\n",
  );
  // Written by the store the way a run writes it (the key read through the same lookup).
  const store = createAuditStore({ sqlite: db, chainKey: { secret: "AUDIT_CHAIN_KEY" } }, dir, {
    secret: async (name) => KEY_ENV[name] ?? "",
  });
  await store.open();
  for (let i = 0; i < 5; i++) {
    await store.append({
      sessionId: "s",
      agentId: "demo",
      surface: "cli",
      actor: "x",
      kind: "prompt",
      data: { text: `p${i}` },
    });
  }
  await store.close();
  const intact = await runCli(["audit", "verify", "--json"], { cwd: dir, env: KEY_ENV });
  assert.equal(intact.code, 0, intact.stderr);
  assert.deepEqual(
    { ...(JSON.parse(intact.stdout) as Record<string, unknown>), lastHash: undefined },
    { schema: "acpgate.audit-verify.v1", ok: true, records: 5, keyedFrom: 1, lastHash: undefined },
  );
  const noKey = await runCli(["audit", "verify"], {
    cwd: dir,
    env: { ...process.env, AUDIT_CHAIN_KEY: "" },
  });
  assert.equal(noKey.code, 4, "the key is a secret that is missing");
  assert.match(noKey.stderr, /AUDIT_CHAIN_KEY/);
  assert.doesNotMatch(noKey.stderr + noKey.stdout, /a-long-enough-chain-key/);

  rewrite(db, (id) => (id === 3 ? { text: "rewritten" } : undefined));
  const rewritten = await runCli(["audit", "verify"], { cwd: dir, env: KEY_ENV });
  assert.equal(rewritten.code, 1);
  assert.match(rewritten.stderr, /no record is keyed although storage\.chainKey is set/);
});

void test("a run with storage.chainKey keys the records it appends", async () => {
  const { dir } = workDir("keyed-run");
  writeFileSync(
    join(dir, "acpgate.yaml"),
    "storage: { sqlite: .acpgate/acpgate.db, chainKey: { secret: AUDIT_CHAIN_KEY } }\n",
  );
  const run = await runCli(RUN, { cwd: dir, env: KEY_ENV });
  assert.equal(run.code, 5, run.stderr);
  const verify = await runCli(["audit", "verify", "--json"], { cwd: dir, env: KEY_ENV });
  assert.equal(verify.code, 0, verify.stderr);
  assert.equal((JSON.parse(verify.stdout) as { keyedFrom: number }).keyedFrom, 1);
  const missing = await runCli(RUN, { cwd: dir, env: { ...process.env, AUDIT_CHAIN_KEY: "" } });
  assert.equal(missing.code, 4, "no run without the key: its records could not be keyed");
});
