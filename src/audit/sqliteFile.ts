import { closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Makes sure the database file exists before SQLite opens it, private to its owner: a new
 * directory is created 0700 and a new file 0600 (SQLite creates its `-wal` and `-shm` with
 * the mode of the database file, and would create the file itself 0644). What already exists
 * keeps the mode its owner gave it.
 */
export function createPrivateFile(location: string): void {
  mkdirSync(dirname(location), { recursive: true, mode: 0o700 });
  try {
    // `wx`: only a file that is not there yet; another process may create it at the same time.
    closeSync(openSync(location, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}
