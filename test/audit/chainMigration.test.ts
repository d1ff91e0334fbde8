import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-chain-migration-");
after(() => tmp.remove());

/** Puts a database back as it was before audit migration 4 (no chain, no seq; no later one). */
async function asBeforeChains(file: string): Promise<void> {
  const driver = new SqliteDriver(file);
  await driver.run("ALTER TABLE journal DROP COLUMN line_suffix");
  await driver.run("ALTER TABLE journal DROP COLUMN line_prefix");
  await driver.run("DELETE FROM schema_migrations WHERE version = 6");
  await driver.run("ALTER TABLE journal DROP COLUMN messages");
  await driver.run("DELETE FROM schema_migrations WHERE version = 5");
  await driver.run("DROP INDEX audit_records_chain_seq");
  await driver.run("ALTER TABLE audit_records DROP COLUMN seq");
  await driver.run("ALTER TABLE audit_records DROP COLUMN chain");
  await driver.run("DELETE FROM schema_migrations WHERE version = 4");
  await driver.close();
}

test("a database written before chains existed migrates into the default chain and verifies with its hashes unchanged", async () => {
  const file = join(tmp.dir, "old.db");
  const old = await new SqlAuditStore(new SqliteDriver(file), file).open();
  const written = [];
  for (let i = 0; i < 5; i++) {
    written.push(
      await old.append({
        sessionId: "ses_1",
        agentId: "demo",
        surface: "cli",
        actor: "ci:alice",
        kind: "prompt",
        data: { i },
      }),
    );
  }
  await old.close();
  await asBeforeChains(file);

  // A read-only command (audit list, verify) meets it before any writer migrates it.
  const reader = await new SqlAuditStore(new SqliteDriver(file, { readOnly: true }), file, {
    readOnly: true,
  }).open();
  try {
    assert.deepEqual(await reader.list(), written);
    assert.deepEqual(await reader.verify(), {
      ok: true,
      records: 5,
      lastHash: written.at(-1)?.hash,
    });
  } finally {
    await reader.close();
  }

  const store = await new SqlAuditStore(new SqliteDriver(file), file).open();
  try {
    const records = await store.list();
    assert.deepEqual(records, written, "the same records, no chain or seq field, same hashes");
    const next = await store.append({
      sessionId: "ses_1",
      agentId: "demo",
      surface: "cli",
      actor: "ci:alice",
      kind: "turn_ended",
    });
    assert.equal(next.id, 6);
    assert.equal(next.prevHash, written.at(-1)?.hash);
    assert.equal(next.seq, undefined);
    assert.deepEqual(await store.verify(), { ok: true, records: 6, lastHash: next.hash });
  } finally {
    await store.close();
  }
});
