import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import { packStatements, unpackStatements } from "../../src/audit/packedStatements.js";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { WireJournal } from "../../src/audit/wireJournal.js";
import { WorkerSqliteDriver } from "../../src/audit/workerSqliteDriver.js";
import { Redactor, REDACTED } from "../../src/audit/redactor.js";
import type { TappedMessage } from "../../src/protocol/tap.js";
import { Emitter } from "../../src/util/emitter.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-packed-");
after(() => tmp.remove());

void test("packed statements come back value for value: text of any kind, numbers, nulls, anything else as itself", () => {
  const statements: [string, unknown[]][] = [
    ["INSERT INTO t VALUES (?, ?, ?, ?)", ["", 'é ☃ 𝄞 \u0000 \n "q"', 1.5, null]],
    ["UPDATE t SET a = ?", [undefined, -0, 2 ** 53, Buffer.from([1, 2, 3])]],
    ["DELETE FROM t", []],
  ];
  const back = unpackStatements(structuredClone(packStatements(statements)));
  assert.deepEqual(back, [
    statements[0],
    ["UPDATE t SET a = ?", [null, -0, 2 ** 53, new Uint8Array([1, 2, 3])]],
    statements[2],
  ]);
  assert.ok(Object.is(back[1]![1][1], -0));
});

void test("journal batches packed for the SQLite worker are stored complete, in order and redacted", async () => {
  const redactor = new Redactor();
  redactor.registerSecret("packed-secret-0042");
  const store = await new SqlAuditStore(new WorkerSqliteDriver(join(tmp.dir, "j.db")), "test", {
    redactor,
  }).open();
  const journal = new WireJournal(store, { maxBatch: 100, flushMs: 60_000 }, redactor);
  const tap = new Emitter<TappedMessage>();
  const attached = journal.attach("ses_packed", tap);
  const text = (i: number): string => `${i} ü\n"${i % 7 === 0 ? "packed-secret-0042" : ""}"`;
  for (let i = 0; i < 1234; i++)
    tap.emit({
      direction: i % 2 ? "out" : "in",
      message: { jsonrpc: "2.0", id: i % 3 ? i : `r${i}`, method: "m", params: { text: text(i) } },
    });
  attached.dispose();
  await journal.flush();
  const rows = await store.listJournal({ sessionId: "ses_packed", limit: 5000 });
  assert.equal(rows.length, 1234);
  rows.forEach((row, i) => {
    assert.equal(row.direction, i % 2 ? "out" : "in");
    assert.equal(row.rpcId, i % 3 ? String(i) : `r${i}`);
    assert.equal(row.method, "m");
    const params = (JSON.parse(row.message) as { params: { text: string } }).params;
    assert.equal(params.text, text(i).replace("packed-secret-0042", REDACTED));
    assert.equal(row.size, Buffer.byteLength(row.message));
  });
  await store.close();
});
