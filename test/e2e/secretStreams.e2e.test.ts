import { strict as assert } from "node:assert";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { JournalRow } from "../../src/audit/auditStore.js";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { updateTextOf } from "../../src/audit/updateText.js";
import { MASK } from "../../src/util/secretRegistry.js";
import { runAcpgateCli } from "../support/runAcpgateCli.js";
import { filesContaining, inputsWorkspace, PLANTED } from "../support/inputsWorkspace.js";

// The echo agent says "value=<FROM_FILE>"; --split streams it in two chunks cut mid-value.
const SECRET = PLANTED.file;

type Ws = ReturnType<typeof inputsWorkspace>;

function events(stdout: string): Record<string, unknown>[] {
  return stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function journalOf(ws: Ws): Promise<JournalRow[]> {
  const store = await new SqlAuditStore(
    new SqliteDriver(join(ws.cwd, ".acpgate", "acpgate.db")),
    "test",
  ).open();
  try {
    return await store.listJournal({});
  } finally {
    await store.close();
  }
}

/** The agent's streamed answer as the journal holds it, chunk texts joined. */
function journalAnswer(rows: JournalRow[]): string {
  return rows
    .map((row) => updateTextOf(JSON.parse(row.message)))
    .filter((chunk) => chunk?.kind === "agent_message_chunk")
    .map((chunk) => chunk?.text ?? "")
    .join("");
}

function assertNowhereUnderAcpgate(ws: Ws, value: string): void {
  assert.deepEqual(filesContaining(join(ws.cwd, ".acpgate"), value), [], ".acpgate/ holds it");
}

void test("a secret streamed split across two agent_message_chunks is masked in json output, the journal and the database", async () => {
  const ws = inputsWorkspace({ agentArgs: ["--split"] });
  const json = await runAcpgateCli(["run", "--agent", "echo", "--format", "json", "hi"], ws);
  assert.equal(json.code, 0, json.stderr + json.stdout);
  const messages = events(json.stdout).filter((e) => e.type === "agent_message");
  assert.equal(messages.length, 2, "one event per chunk, none merged or dropped");
  const printed = messages.map((e) => e.text as string).join("");
  assert.equal(printed, `value=${MASK} end`);
  for (const event of messages)
    assert.equal(updateTextOf(event.raw)?.text, event.text, "raw says what text says");
  assert.ok(!json.stdout.includes(SECRET.slice(SECRET.length / 2)), "no piece of it either");

  const rows = await journalOf(ws);
  assert.equal(journalAnswer(rows), `value=${MASK} end`);
  assertNowhereUnderAcpgate(ws, SECRET);

  const text = await runAcpgateCli(["run", "--agent", "echo", "hi"], ws);
  assert.equal(text.code, 0, text.stderr);
  assert.equal(text.stdout, `value=${MASK} end\n`);
});

void test("a secret in a method name or a request id is not stored in the journal", async () => {
  const ws = inputsWorkspace({ agentArgs: ["--leak-method"] });
  const result = await runAcpgateCli(["run", "--agent", "echo", "--format", "json", "hi"], ws);
  assert.equal(result.code, 0, result.stderr + result.stdout);
  const rows = await journalOf(ws);
  const leaked = rows.filter((r) => r.method?.startsWith("_leak/"));
  assert.deepEqual(
    leaked.map((r) => [r.direction, r.method, r.rpcId]),
    [["in", `_leak/${MASK}`, `leak-${MASK}`]],
  );
  const answered = rows.filter((r) => r.direction === "out" && r.rpcId === `leak-${MASK}`);
  assert.equal(answered.length, 1, "acpgate's answer is keyed by the masked id too");
  assert.ok(!result.stdout.includes(SECRET));
  assertNowhereUnderAcpgate(ws, SECRET);
});

void test("one rule for short secrets: 5 characters are refused everywhere, 6 are masked alike in CLI output and audit", async () => {
  const ws = inputsWorkspace();
  writeFileSync(join(ws.cwd, "secret.txt"), "k9x2q\n");
  const refused = await runAcpgateCli(["run", "--agent", "echo", "--format", "json", "hi"], ws);
  assert.equal(refused.code, 4, refused.stderr + refused.stdout);
  const error = events(refused.stdout).find((e) => e.type === "run_finished")?.error as {
    code: string;
    message: string;
  };
  assert.equal(error.code, "secret_missing");
  assert.match(error.message, /'FROM_FILE'.*shorter than 6 characters/);

  writeFileSync(join(ws.cwd, "secret.txt"), "k9x2q7\n");
  const json = await runAcpgateCli(["run", "--agent", "echo", "--format", "json", "hi"], ws);
  assert.equal(json.code, 0, json.stderr + json.stdout);
  const message = events(json.stdout).find((e) => e.type === "agent_message");
  assert.equal(message?.text, `value=${MASK}`);
  const text = await runAcpgateCli(["run", "--agent", "echo", "hi"], ws);
  assert.equal(text.stdout, `value=${MASK}\n`);
  assert.equal(journalAnswer(await journalOf(ws)), `value=${MASK}value=${MASK}`);
  assertNowhereUnderAcpgate(ws, "k9x2q7");
});
