import assert from "node:assert/strict";
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { createAuditStore } from "../../src/audit/openAuditStore.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-modes-");
after(() => tmp.remove());

const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

void test("a new database is created 0600 (with its WAL and shm) in a new 0700 directory", async () => {
  const store = createAuditStore({ sqlite: ".acpgate/acpgate.db" }, tmp.dir);
  await store.open();
  await store.append({ sessionId: "s", agentId: "a", surface: "cli", actor: "x", kind: "prompt" });
  const file = join(tmp.dir, ".acpgate", "acpgate.db");
  assert.equal(mode(join(tmp.dir, ".acpgate")), "700");
  assert.equal(mode(file), "600");
  assert.equal(mode(`${file}-wal`), "600");
  assert.equal(mode(`${file}-shm`), "600");
  await store.close();
  assert.equal(mode(file), "600");
});

void test("a directory that already exists keeps the mode its owner gave it", async () => {
  const dir = join(tmp.dir, "shared");
  mkdirSync(dir, { mode: 0o750 });
  const store = await createAuditStore({ sqlite: "shared/acpgate.db" }, tmp.dir).open();
  await store.close();
  assert.equal(mode(dir), "750");
  assert.equal(mode(join(dir, "acpgate.db")), "600");
});
