import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { after, test } from "node:test";
import { createAuditStore } from "../../src/audit/openAuditStore.js";
import { fixture } from "../support/acpgateCli.js";
import { scratchDir } from "../support/scratchDir.js";

const WRITER = fixture("storeWriter.js");
const tmp = scratchDir("acpgate-concurrent-open-");
after(() => tmp.remove());

function writer(file: string, records: number): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, file, String(records)], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

// Before: about 1 in 10 of these processes failed with "database is locked" (the journal
// prune read, then wrote, in a deferred transaction: SQLite does not wait on that upgrade).
void test("20 processes opening one fresh SQLite store at once all open it, and share one chain", async () => {
  for (let trial = 0; trial < 5; trial++) {
    const file = join(tmp.dir, `t${trial}`, "acpgate.db");
    const results = await Promise.all(Array.from({ length: 20 }, () => writer(file, 20)));
    const failed = results.filter((r) => r.code !== 0);
    assert.deepEqual(
      failed.map((r) => r.stderr.trim()),
      [],
      `trial ${trial}: ${failed.length} of 20 writers failed`,
    );
    const store = await createAuditStore({ sqlite: file }, tmp.dir).open();
    try {
      assert.deepEqual(await store.verify(), {
        ok: true,
        records: 400,
        lastHash: (await store.get(400))?.hash,
      });
    } finally {
      await store.close();
    }
  }
});
