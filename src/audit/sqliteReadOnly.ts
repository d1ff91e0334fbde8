import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import Database from "better-sqlite3";

export interface ReadOnlyDatabase {
  db: Database.Database;
  /** Closes the connection (and removes the snapshot, when one was taken). */
  release: () => void;
}

/**
 * Opens an existing database for reading without writing anything next to it. A WAL
 * database is read through its `-shm` index, which a reader must be able to create when it
 * is absent: a user who may read the database but not write its directory cannot. Then, if
 * there is no `-wal` (no writer is active and the last one checkpointed on close, so the
 * file holds every commit), the reader works on a private copy of the file instead.
 */
export function openReadOnly(location: string, timeoutMs: number): ReadOnlyDatabase {
  const db = new Database(location, { readonly: true, fileMustExist: true, timeout: timeoutMs });
  try {
    db.prepare("SELECT 1 FROM sqlite_master LIMIT 1").get();
    return { db, release: () => db.close() };
  } catch (error) {
    db.close();
    if (!cannotShareIndex(error) || existsSync(`${location}-wal`)) throw error;
  }
  const dir = mkdtempSync(join(tmpdir(), "acpgate-snapshot-"));
  try {
    const copy = join(dir, basename(location));
    copyFileSync(location, copy);
    const snapshot = new Database(copy, { readonly: true, fileMustExist: true });
    return {
      db: snapshot,
      release: () => {
        snapshot.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function cannotShareIndex(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && /^SQLITE_(READONLY|CANTOPEN)/.test(code);
}
