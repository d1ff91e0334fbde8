import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { tokenHash, TokenRegistry } from "../../src/surfaces/server/tokens.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";

test("token create: prints the token once, keeps only its hash, keeps the file's comments", async () => {
  const ws = tempDir();
  try {
    writeFileSync(
      join(ws.dir, "acpgate.yaml"),
      "# our config\nstorage: { sqlite: .acpgate/acpgate.db } # here\n",
    );
    const first = await runCli(["token", "create", "--role", "operator", "--name", "ci-bot"], {
      cwd: ws.dir,
    });
    assert.equal(first.code, 0, first.stderr);
    const token = first.stdout.trim();
    assert.match(token, /^acpg_[\w-]{43}$/);
    assert.match(first.stderr, /shown only now/);
    const text = readFileSync(join(ws.dir, "acpgate.yaml"), "utf8");
    assert.ok(!text.includes(token));
    assert.match(text, /^# our config/);
    assert.match(text, /# here/);
    const tokens = (
      parse(text) as { server: { tokens: { name: string; role: "operator"; sha256: string }[] } }
    ).server.tokens;
    assert.deepEqual(tokens, [{ name: "ci-bot", role: "operator", sha256: tokenHash(token) }]);
    assert.deepEqual(new TokenRegistry(tokens).principalOf(token), {
      name: "ci-bot",
      role: "operator",
      id: "token:ci-bot",
    });
    assert.equal(new TokenRegistry(tokens).principalOf(`${token}x`), undefined);

    const second = await runCli(["token", "create", "--role", "admin", "--name", "ops"], {
      cwd: ws.dir,
    });
    assert.equal(second.code, 0, second.stderr);
    assert.notEqual(second.stdout.trim(), token);
    const both = parse(readFileSync(join(ws.dir, "acpgate.yaml"), "utf8")) as {
      server: { tokens: unknown[] };
    };
    assert.equal(both.server.tokens.length, 2);

    for (const args of [
      ["--role", "admin", "--name", "ops"],
      ["--role", "root", "--name", "x"],
      ["--name", "x"],
      ["--role", "viewer"],
    ]) {
      const refused = await runCli(["token", "create", ...args], { cwd: ws.dir });
      assert.equal(refused.code, 2, args.join(" "));
      assert.equal(refused.stdout, "", "no token printed when none was stored");
    }
  } finally {
    ws.cleanup();
  }
});

test("token create writes a new acpgate.yaml when there is none", async () => {
  const ws = tempDir();
  try {
    const made = await runCli(["token", "create", "--role", "viewer", "--name", "dash"], {
      cwd: ws.dir,
    });
    assert.equal(made.code, 0, made.stderr);
    const config = parse(readFileSync(join(ws.dir, "acpgate.yaml"), "utf8")) as {
      server: { tokens: { sha256: string }[] };
    };
    assert.equal(config.server.tokens[0]?.sha256, tokenHash(made.stdout.trim()));
    const check = await runCli(["config", "check"], { cwd: ws.dir });
    assert.equal(check.code, 0, check.stderr);
  } finally {
    ws.cleanup();
  }
});
