import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Catalogue } from "../../src/agents/catalogue.js";
import { agentEntrySchema, type AgentEntryInput } from "../../src/config/agentSchema.js";
import { ReadOnlyGuard } from "../../src/sessions/readOnlyGuard.js";
import { SessionManager } from "../../src/sessions/sessionManager.js";

/** The scripted raw-NDJSON agent of test/fixtures/extensionAgent.ts, as built. */
export const EXTENSION_AGENT = fileURLToPath(
  new URL("../fixtures/extensionAgent.js", import.meta.url),
);

export interface AgentLogEntry {
  kind: "received" | "reply" | "sent";
  label?: string;
  method?: string;
  reply?: Record<string, unknown>;
  message?: Record<string, unknown>;
}

export function tempDir(prefix = "acpgate-ext-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function readAgentLog(file: string): AgentLogEntry[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AgentLogEntry);
}

/** The reply the agent received for each scripted step, by label. */
export function repliesByLabel(log: AgentLogEntry[]): Map<string, Record<string, unknown>> {
  const replies = new Map<string, Record<string, unknown>>();
  for (const entry of log) {
    if (entry.kind === "reply" && entry.label && entry.reply) replies.set(entry.label, entry.reply);
  }
  return replies;
}

/** A SessionManager whose catalogue has the fake agent as `fake`. */
export function managerWithFakeAgent(
  logFile: string,
  entry: Partial<AgentEntryInput> = {},
  steps?: string[],
): SessionManager {
  const fake = agentEntrySchema.parse({
    command: process.execPath,
    args: [EXTENSION_AGENT],
    env: { EXT_AGENT_LOG: logFile, ...(steps ? { EXT_AGENT_STEPS: steps.join(",") } : {}) },
    ...entry,
  });
  return new SessionManager({
    catalogue: new Catalogue({ agents: { fake } }),
    guardFor: () => new ReadOnlyGuard(),
  });
}
