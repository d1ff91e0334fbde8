import { DIALECT_WORDS, MIGRATIONS, MIGRATIONS_TABLE } from "./migrations.js";
import type { SqlDriver } from "./sqlDriver.js";

/**
 * Applies the migrations a database has not seen, each in one transaction under the chain
 * lock (two processes opening a fresh database do not both migrate it).
 */
export async function migrate(driver: SqlDriver): Promise<number> {
  await driver.transaction(async (tx) => tx.run(MIGRATIONS_TABLE), { chainLock: true });
  let applied = 0;
  for (const migration of MIGRATIONS) {
    const done = await driver.transaction(
      async (tx) => {
        const seen = await tx.all("SELECT version FROM schema_migrations WHERE version = ?", [
          migration.version,
        ]);
        if (seen.length > 0) return false;
        for (const sql of migration.statements(DIALECT_WORDS[driver.dialect])) await tx.run(sql);
        await tx.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", [
          migration.version,
          migration.name,
          new Date().toISOString(),
        ]);
        return true;
      },
      { chainLock: true },
    );
    if (done) applied++;
  }
  return applied;
}

/** Whether the database holds acpgate's tables at all (a reader must not create them). */
export async function hasAuditSchema(driver: SqlDriver): Promise<boolean> {
  const rows =
    driver.dialect === "sqlite"
      ? await driver.all(
          "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'audit_records'",
        )
      : await driver.all(
          "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'audit_records'",
        );
  return Number(rows[0]?.n ?? 0) > 0;
}
