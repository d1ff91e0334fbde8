import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./repoRoot.js";

/** test/fixtures/cursor: one JSON file per Cursor method per shape (documented, wire). */
export const CURSOR_FIXTURE_DIR = join(REPO_ROOT, "test", "fixtures", "cursor");

export interface CursorFixture {
  /** File name without `.json`, e.g. `task.wire`. */
  name: string;
  method: string;
  shape: "documented" | "wire";
  /** Where the shape comes from, and what in it is reconstructed. */
  provenance: string;
  /** The JSON-RPC message as the agent sends it; with an `id` it is a request. */
  message: { jsonrpc: "2.0"; id?: number; method: string; params: Record<string, unknown> };
}

export function cursorFixtures(): CursorFixture[] {
  return readdirSync(CURSOR_FIXTURE_DIR)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({
      name: file.slice(0, -".json".length),
      ...(JSON.parse(readFileSync(join(CURSOR_FIXTURE_DIR, file), "utf8")) as Omit<
        CursorFixture,
        "name"
      >),
    }));
}

export function cursorFixture(name: string): CursorFixture {
  const fixture = cursorFixtures().find((f) => f.name === name);
  if (!fixture) throw new Error(`no Cursor fixture '${name}' in ${CURSOR_FIXTURE_DIR}`);
  return fixture;
}
