import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import type { AuditRecord, AuditRecordInput } from "../../src/audit/auditRecord.js";
import type { SessionPatch } from "../../src/audit/auditStore.js";
import { RELAXED_WAIT_MS } from "../../src/audit/batchQueue.js";
import { HeldWrites } from "../../src/audit/heldWrites.js";
import type { SqlStatement } from "../../src/audit/sqlDriver.js";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { nextTurn, proxyRecord } from "../support/proxyRecord.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-held-writes-");
after(() => tmp.remove());

const input = proxyRecord;

/** A sink that says what reached it, in order. */
function recordingSink() {
  const calls: string[] = [];
  const sink = {
    append: (i: AuditRecordInput) => {
      calls.push(`append ${i.kind}`);
      return Promise.resolve({ kind: i.kind } as AuditRecord);
    },
    update: (id: string, patch: SessionPatch) => {
      calls.push(`update ${id} ${JSON.stringify(patch)}`);
      return Promise.resolve();
    },
  };
  return { sink, calls };
}

void test("held writes reach the sink after the wait, records first and in order, a session's row updates merged into one", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { sink, calls } = recordingSink();
  const held = new HeldWrites(sink);
  const rows = [
    held.update("ses_1", { state: "prompting" }),
    held.update("ses_1", { turns: 1, mode: "plan" }),
  ];
  const prompt = held.append(input("prompt"));
  rows.push(held.update("ses_2", { state: "ready" }));
  const ended = held.append(input("turn_ended"));
  // An undefined field changes nothing, as in an update of its own; a later value wins.
  rows.push(held.update("ses_1", { stopReason: "end_turn", mode: undefined }));
  rows.push(held.update("ses_1", { state: "ready" }));
  await nextTurn();
  assert.deepEqual(calls, [], "nothing before the wait is up");
  t.mock.timers.tick(RELAXED_WAIT_MS);
  assert.deepEqual(calls, [
    "append prompt",
    "append turn_ended",
    `update ses_1 ${JSON.stringify({ state: "ready", turns: 1, mode: "plan", stopReason: "end_turn" })}`,
    `update ses_2 ${JSON.stringify({ state: "ready" })}`,
  ]);
  assert.equal((await prompt).kind, "prompt");
  assert.equal((await ended).kind, "turn_ended");
  await Promise.all(rows);
  held.release();
  assert.equal(calls.length, 4, "a release with nothing held hands over nothing");
});

void test("release hands everything over at once; what comes after waits anew", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { sink, calls } = recordingSink();
  const held = new HeldWrites(sink);
  void held.append(input("prompt"));
  void held.update("ses_1", { turns: 1 });
  held.release();
  assert.deepEqual(calls, ["append prompt", `update ses_1 {"turns":1}`]);
  void held.update("ses_1", { turns: 2 });
  assert.equal(calls.length, 2, "held again, not merged into what was handed over");
  t.mock.timers.tick(RELAXED_WAIT_MS);
  assert.deepEqual(calls.at(-1), `update ses_1 {"turns":2}`);
});

/** An in-process SQLite driver that counts the row batches it is given. */
class CountingDriver extends SqliteDriver {
  rowWrites = 0;
  override batch(statements: SqlStatement[], options?: { durable?: boolean }): Promise<void> {
    if (statements.some(([sql]) => sql.startsWith("UPDATE sessions"))) this.rowWrites++;
    return super.batch(statements, options);
  }
}

void test("a store writes a turn's row updates once, and a read right after them sees them all without waiting", async (t) => {
  const driver = new CountingDriver(join(tmp.dir, "rows.db"));
  const store = await new SqlAuditStore(driver, "rows").open();
  await store.putSession({
    id: "ses_1",
    agentId: "demo",
    cwd: tmp.dir,
    state: "ready",
    surface: "proxy",
    actor: "local:alice",
    createdAt: new Date(0).toISOString(),
  });
  // The wait's timer never fires here: what is read was handed over by the read itself.
  t.mock.timers.enable({ apis: ["setTimeout"] });
  for (let turn = 1; turn <= 10; turn++) {
    void store.updateSession("ses_1", { state: "prompting" });
    void store.updateSession("ses_1", { turns: turn, mode: "plan" });
    void store.append(input("prompt"), { relaxed: true });
    void store.updateSession("ses_1", { stopReason: "end_turn", mode: undefined });
    void store.append(input("turn_ended"), { relaxed: true });
    void store.updateSession("ses_1", { state: "ready" });
  }
  const row = await store.getSession("ses_1");
  assert.equal(driver.rowWrites, 1, "forty updates of one row, one write");
  assert.deepEqual(
    [row?.state, row?.turns, row?.mode, row?.stopReason],
    ["ready", 10, "plan", "end_turn"],
  );
  const kinds = (await store.list()).map((r) => r.kind);
  assert.equal(kinds.length, 20);
  assert.deepEqual(kinds.slice(0, 2), ["prompt", "turn_ended"]);
  t.mock.timers.reset();
  assert.equal((await store.verify()).ok, true);
  await store.close();
});
