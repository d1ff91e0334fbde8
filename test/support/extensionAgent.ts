import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Catalogue } from "../../src/agents/catalogue.js";
import { agentEntrySchema, type AgentEntryInput } from "../../src/config/agentSchema.js";
import { readOnlySessionGuard } from "./readOnlyGuard.js";
import { dialectFor } from "../../src/agents/dialects/dialects.js";
import { PendingQuestions } from "../../src/governance/pendingQuestions.js";
import { questionDesk } from "../../src/governance/questionDesk.js";
import { DialectRouter } from "../../src/protocol/dialectRouter.js";
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
): SessionManager & { questions: PendingQuestions } {
  const fake = agentEntrySchema.parse({
    command: process.execPath,
    args: [EXTENSION_AGENT],
    env: { EXT_AGENT_LOG: logFile, ...(steps ? { EXT_AGENT_STEPS: steps.join(",") } : {}) },
    ...entry,
  });
  const questions = new PendingQuestions();
  const manager = new SessionManager({
    catalogue: new Catalogue({ agents: { fake } }),
    guardFor: () => readOnlySessionGuard(),
    extensionsFor: (entry, request) =>
      new DialectRouter(dialectFor(entry.dialect, request.agentId), {
        ask: questionDesk(entry.extensions, questions),
      }),
  });
  manager.forgotten.on((id) => questions.declineSession(id, "the session ended"));
  return Object.assign(manager, { questions });
}
