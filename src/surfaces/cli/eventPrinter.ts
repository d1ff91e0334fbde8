import type { SessionEvent } from "../../sessions/events.js";
import { redactKnownSecrets } from "../../inputs/secretRegistry.js";
import { BufferedWriter } from "./bufferedWriter.js";

export type OutputFormat = "text" | "json" | "quiet";

export interface EventPrinter {
  onEvent(event: SessionEvent): void;
  /**
   * Prints what is printed at the end (quiet: the final answer; json: the result line). A
   * `reason` (every non-zero exit has one) is printed on stderr as `acpgate: …` by text and
   * quiet; json carries it in run_finished.
   */
  finish(result: Record<string, unknown>): Promise<void>;
  note(text: string): void;
}

/**
 * text: the agent's messages on stdout, activity on stderr. json: one event per line on
 * stdout, then a `run_finished` line. quiet: only the final answer. Every secret value the
 * broker handed out is masked as `***` in everything printed.
 */
export function createPrinter(format: OutputFormat): EventPrinter {
  const out = new BufferedWriter(process.stdout, redactKnownSecrets);
  const err = new BufferedWriter(process.stderr, redactKnownSecrets);
  if (format === "json") {
    let sessionId = "";
    return {
      onEvent: (event) => {
        sessionId = event.sessionId;
        out.write(JSON.stringify(event) + "\n");
      },
      note: () => {},
      finish: async (result) => {
        out.write(
          JSON.stringify({
            schema: "acpgate.event.v1",
            type: "run_finished",
            time: new Date().toISOString(),
            sessionId,
            ...result,
          }) + "\n",
        );
        await Promise.all([out.drain(), err.drain()]);
      },
    };
  }
  if (format === "quiet") {
    let answer: string[] = [];
    return {
      onEvent: (event) => {
        if (event.type === "turn_started") answer = [];
        else if (event.type === "agent_message" && !event.replay) answer.push(event.text);
      },
      note: () => {},
      finish: async (result) => {
        const text = answer.join("");
        if (text) out.write(text.endsWith("\n") ? text : text + "\n");
        if (typeof result.reason === "string") err.write(`acpgate: ${result.reason}\n`);
        await Promise.all([out.drain(), err.drain()]);
      },
    };
  }
  let atLineStart = true;
  const activity = (line: string): void => {
    if (!atLineStart) {
      out.write("\n");
      atLineStart = true;
    }
    out.flush();
    err.write(line + "\n");
    err.flush();
  };
  return {
    onEvent: (event) => {
      switch (event.type) {
        case "agent_message":
          if (event.replay || !event.text) return;
          out.write(event.text);
          atLineStart = event.text.endsWith("\n");
          return;
        case "tool_call":
          return activity(`› ${event.title || event.kind} (${event.kind})`);
        case "permission_decided":
          return activity(
            `${event.outcome === "allow" ? "✓" : "✗"} permission ${event.outcome}: ${event.reason}${event.ruleId ? ` [rule ${event.ruleId}]` : ""}`,
          );
        case "fs_write":
        case "fs_read":
          if (!event.allowed)
            activity(
              `✗ ${event.type.replace("_", " ")} ${event.path} refused: ${event.reason ?? ""}`,
            );
          return;
        case "terminal":
          if (!event.allowed)
            activity(`✗ terminal ${event.command ?? ""} refused: ${event.reason ?? ""}`);
          return;
        case "subagent":
          return activity(`› subagent ${event.description ?? event.agentId ?? ""}`);
        case "question":
          if (event.phase === "answered" && event.answer)
            activity(
              `? ${event.request.method} ${event.answer.outcome}${event.answer.outcome === "declined" ? `: ${event.answer.reason}` : ""}`,
            );
          return;
        default:
          return;
      }
    },
    note: (text) => activity(`acpgate: ${text}`),
    finish: async (result) => {
      if (!atLineStart) out.write("\n");
      if (typeof result.reason === "string") activity(`acpgate: ${result.reason}`);
      await Promise.all([out.drain(), err.drain()]);
    },
  };
}
