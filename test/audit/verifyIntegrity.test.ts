import assert from "node:assert/strict";
import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import Database from "better-sqlite3";
import { createAuditStore } from "../../src/audit/openAuditStore.js";
import { runCli } from "../support/cli.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-integrity-");
after(() => tmp.remove());

/** A closed store with a few records and enough wire journal to fill many pages. */
async function storeWithJournal(dir: string): Promise<string> {
  const store = createAuditStore({ sqlite: ".acpgate/acpgate.db" }, dir);
  await store.open();
  for (let i = 0; i < 3; i++) {
    await store.append({
      sessionId: "s",
      agentId: "demo",
      surface: "cli",
      actor: "x",
      kind: "prompt",
    });
  }
  await store.appendJournal(
    Array.from({ length: 400 }, (_, i) => ({
      time: new Date().toISOString(),
      sessionId: "s",
      direction: "in" as const,
      size: 200,
      truncated: false,
      message: JSON.stringify({
        jsonrpc: "2.0",
        method: "session/update",
        params: { i, text: "x".repeat(180) },
      }),
    })),
  );
  await store.close();
  return join(dir, ".acpgate", "acpgate.db");
}

/** Overwrites the b-tree header of one leaf page of the journal table: the chain never reads it. */
function corruptJournalPage(file: string): void {
  const db = new Database(file, { readonly: true });
  const pageSize = Number(db.pragma("page_size", { simple: true }));
  const page = db
    .prepare(
      "SELECT pageno FROM dbstat WHERE name = 'journal' AND pagetype = 'leaf' LIMIT 1 OFFSET 3",
    )
    .pluck()
    .get() as number;
  db.close();
  const fd = openSync(file, "r+");
  writeSync(fd, Buffer.alloc(16, 0xff), 0, 16, (page - 1) * pageSize);
  closeSync(fd);
}

void test("audit verify runs SQLite's integrity check: a damaged journal page fails it", async () => {
  const file = await storeWithJournal(tmp.dir);
  const intact = await runCli(["audit", "verify"], { cwd: tmp.dir });
  assert.equal(intact.stdout, "audit chain intact: 3 records\n", intact.stderr);
  corruptJournalPage(file);
  const damaged = await runCli(["audit", "verify"], { cwd: tmp.dir });
  assert.equal(damaged.code, 1, damaged.stdout);
  assert.match(
    damaged.stderr,
    /acpgate: the audit database is damaged \(SQLite integrity check\): .+/,
  );
  const json = await runCli(["audit", "verify", "--json"], { cwd: tmp.dir });
  const result = JSON.parse(json.stdout) as { ok: boolean; problem: string; damage: string[] };
  assert.equal(result.ok, false);
  assert.equal(result.problem, "damaged");
  assert.ok(result.damage.length > 0);
});
