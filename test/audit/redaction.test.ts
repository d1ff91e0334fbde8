import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { Redactor, REDACTED } from "../../src/audit/redactor.js";
import { runCli } from "../support/acpgateCli.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-redact-");
after(() => tmp.remove());

const GITHUB = "ghp_R3dact10nPlantedToken0123456789AB";
const OPENAI = "sk-proj-PlantedOpenAiKey0123456789abcdef";
const AWS = "AKIAPLANTED012345XYZ";
const BEARER = "eyJhbGciOiJIUzI1NiJ9.planted.bearer";

void test("the redactor replaces registered values and well-known credential shapes", () => {
  const redactor = new Redactor();
  redactor.registerSecret("correct-horse-battery");
  // Too short to mask without redacting ordinary words: refused, not silently left in clear.
  assert.throws(() => redactor.registerSecret("abc"), RangeError);
  const text = [
    "pw=correct-horse-battery",
    GITHUB,
    "github_pat_11ABCDEFG0123456789_abcdefghijklmnop",
    OPENAI,
    "sk-ant-api03-abcdefghijklmnopqrstu",
    AWS,
    "xoxb-1234567890-abcdefghij",
    `Authorization: Bearer ${BEARER}`,
    "abc is fine",
  ].join("\n");
  const out = redactor.redact(text);
  for (const secret of [
    "correct-horse",
    GITHUB,
    "github_pat_11",
    OPENAI,
    "sk-ant-api03",
    AWS,
    "xoxb-1",
    BEARER,
  ]) {
    assert.ok(!out.includes(secret), `${secret} survived:\n${out}`);
  }
  assert.match(out, /Authorization: Bearer \[REDACTED\]/);
  assert.match(out, /abc is fine/);
  assert.deepEqual(redactor.redactValue({ [GITHUB]: [1, { k: `x ${AWS}` }] }), {
    [REDACTED]: [1, { k: `x ${REDACTED}` }],
  });
});

void test("credential shapes right after a JSON escape of a letter (an agent's newline or tab in a journaled line) are masked too", () => {
  const redactor = new Redactor();
  // As a journaled line holds them: the agent's text "key:\n<key>" is `key:\\n<key>` there.
  const line = JSON.stringify({
    jsonrpc: "2.0",
    method: "session/update",
    params: { text: `keys:\n${OPENAI}\t${AWS}\r${GITHUB}\nAuthorization: Bearer ${BEARER}` },
  });
  assert.match(line, /\\nsk-proj-/, "the line spells the newline as an escape");
  const out = redactor.redact(line);
  for (const secret of [OPENAI, AWS, GITHUB, BEARER])
    assert.ok(!out.includes(secret), `${secret} survived:\n${out}`);
  assert.equal(redactor.redactLines(`${line}\n${line}`), `${out}\n${out}`);
  // Letters that are not an escape still need a boundary: "ask-…" is a word, not a key.
  assert.equal(redactor.redact("task-abcdefghijklmnopqrstuvwx"), "task-abcdefghijklmnopqrstuvwx");
});

void test("a planted secret that crossed the wire appears nowhere under .acpgate/ nor in the logs after a real run", async () => {
  writeFileSync(join(tmp.dir, "creds.txt"), `token ${GITHUB}\nkey ${OPENAI}\naws ${AWS}\n`);
  const prompt = [
    "@read creds.txt",
    `@say using Authorization: Bearer ${BEARER}`,
    `@write leak.txt ${GITHUB}`,
    `@run curl -H 'Authorization: Bearer ${BEARER}' https://example.invalid`,
  ].join("\n");
  const result = await runCli(["run", "--format", "json", "--log-format", "json", prompt], tmp.dir);
  // The secrets did cross the plane: the agent echoed the file to the user.
  assert.ok(result.stdout.includes(GITHUB), "the demo agent should have echoed the planted file");
  for (const secret of [GITHUB, OPENAI, AWS, BEARER]) {
    assert.ok(!result.stderr.includes(secret), `${secret} in the logs:\n${result.stderr}`);
  }
  const dir = join(tmp.dir, ".acpgate");
  const files = readdirSync(dir);
  assert.ok(files.includes("acpgate.db"), files.join(","));
  for (const file of files) {
    const bytes = readFileSync(join(dir, file));
    for (const secret of [GITHUB, OPENAI, AWS, BEARER]) {
      assert.equal(bytes.includes(secret), false, `${secret} found in .acpgate/${file}`);
    }
  }
  const exported = await runCli(["audit", "export", "--format", "jsonl"], tmp.dir);
  assert.equal(exported.code, 0, exported.stderr);
  assert.match(exported.stdout, /\[REDACTED\]/);
  const journal = await runCli(["audit", "list", "--kind", "prompt", "--json"], tmp.dir);
  assert.ok(!journal.stdout.includes(BEARER));
});
