import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import Database from "better-sqlite3";
import { createAuditStore } from "../../src/audit/openAuditStore.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-tailsoon-");
after(() => tmp.remove());

// The tail check at a writer's open (chainCheck.ts) re-hashes up to 1,000 records: it runs
// after open() has answered, on a later turn of the event loop, and close() waits for it —
// so a one-shot run's start-up does not pay for it, and its warning is never lost.
void test("a writer's open answers before its tail check, whose warning still comes before close() ends", async () => {
  const db = join(tmp.dir, "audit.db");
  const first = createAuditStore({ sqlite: db }, tmp.dir, { thread: "caller" });
  await first.open();
  for (let i = 0; i < 5; i++) {
    await first.append({
      sessionId: "s1",
      agentId: "demo",
      surface: "cli",
      actor: "ci",
      kind: "prompt",
      data: { text: `prompt ${i}` },
    });
  }
  await first.close();
  const conn = new Database(db);
  conn.prepare("UPDATE audit_records SET data = ? WHERE id = 3").run('{"text":"edited"}');
  conn.close();

  const warnings: string[] = [];
  const logger = {
    warn: (_fields: Record<string, unknown>, message: string) => warnings.push(message),
  };
  const second = createAuditStore({ sqlite: db }, tmp.dir, { thread: "caller", logger });
  await second.open();
  assert.deepEqual(warnings, [], "open() answers before the tail is checked");
  await second.close();
  assert.equal(warnings.length, 1, warnings.join("\n"));
  assert.match(warnings[0]!, /is broken at record 3: content does not match its hash/);
});
