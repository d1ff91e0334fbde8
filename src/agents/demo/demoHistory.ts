import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface HistoryEntry {
  role: "user" | "agent";
  text: string;
}

/** Session history on disk, so that session/load works across agent restarts. */
export class DemoHistory {
  private readonly dir = process.env.ACPGATE_DEMO_STATE_DIR ?? join(tmpdir(), "acpgate-demo");

  load(sessionId: string): HistoryEntry[] | undefined {
    try {
      return JSON.parse(readFileSync(this.file(sessionId), "utf8")) as HistoryEntry[];
    } catch {
      return undefined;
    }
  }

  save(sessionId: string, entries: HistoryEntry[]): void {
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(this.file(sessionId), JSON.stringify(entries));
  }

  private file(sessionId: string): string {
    return join(this.dir, `${sessionId.replace(/[^\w-]/g, "_")}.json`);
  }
}
