import { ChunkCarry } from "../../audit/chunkCarry.js";
import type { SessionEvent } from "../../sessions/events.js";
import { redactKnownSecrets } from "../../util/secretRegistry.js";
import { StreamRedactor } from "../../util/streamRedactor.js";
import { BufferedWriter } from "./bufferedWriter.js";
import { EVENT_CHUNKS } from "./eventChunks.js";

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
 * broker handed out is masked (`MASK`) in everything printed, also when the agent streams it
 * split across chunks: streamed text passes a carry that holds back a tail that could begin a
 * secret until the next chunk or the end of the stream.
 */
export function createPrinter(format: OutputFormat): EventPrinter {
  const out = new BufferedWriter(process.stdout, redactKnownSecrets);
  const err = new BufferedWriter(process.stderr, redactKnownSecrets);
  if (format === "json") {
    let sessionId = "";
    const carry = new ChunkCarry(EVENT_CHUNKS);
    const print = (events: SessionEvent[]): void => {
      for (const event of events) out.write(JSON.stringify(event) + "\n");
    };
    return {
      onEvent: (event) => {
        sessionId = event.sessionId;
        print(carry.push(event));
      },
      note: () => {},
      finish: async (result) => {
        print(carry.end());
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
  const answer = new StreamRedactor();
  const say = (text: string): void => {
    if (!text) return;
    out.write(text);
    atLineStart = text.endsWith("\n");
  };
  const activity = (line: string): void => {
    say(answer.end());
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
          return say(answer.push(event.text));
        case "tool_call":
          // History replayed by session/load is not this run's activity.
          if (event.replay) return;
          return activity(`› ${event.title || event.kind} (${event.kind})`);
        case "permission_decided":
          return activity(
            `${event.outcome === "allow" ? "✓" : "✗"} permission ${event.outcome}: ${event.reason}${event.ruleId ? ` [rule ${event.ruleId}]` : ""}`,
          );
        case "fs_write":
        case "fs_read":
          if (!event.allowed)
            activity(
              refusalLine(
                `${event.type === "fs_read" ? "read of" : "write to"} ${event.path}`,
                event.path,
                event.reason,
                event.ruleId,
              ),
            );
          return;
        case "terminal":
          if (!event.allowed)
            activity(
              refusalLine(
                `terminal '${event.command ?? ""}'`,
                event.command ?? "",
                event.reason,
                event.ruleId,
              ),
            );
          return;
        case "notice":
          return activity(`acpgate: ${event.message}`);
        case "protected_path_changed":
          return activity(
            `✗ protected path ${event.change}: ${event.path} [rule ${event.ruleId}]${event.more ? ` (and ${event.more} more)` : ""}`,
          );
        case "network_request":
          if (!event.allowed)
            activity(
              `✗ network ${event.host}:${event.port} refused: not in the policy's allow list`,
            );
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
      say(answer.end());
      if (!atLineStart) out.write("\n");
      if (typeof result.reason === "string") activity(`acpgate: ${result.reason}`);
      await Promise.all([out.drain(), err.drain()]);
    },
  };
}

/**
 * One line per refusal, naming what was refused once: policy reasons usually name the path
 * or command already (`read of /etc/x (/etc/x) is outside the allowed roots`), so the
 * subject is prefixed only when the reason does not, and `P (P)` (a path that resolved to
 * itself) reads `P`.
 */
export function refusalLine(
  what: string,
  subject: string,
  reason: string | undefined,
  ruleId: string | undefined,
): string {
  const cause = (reason ?? "").replace(/(\S+) \(\1\)/g, "$1");
  const text = !cause ? what : subject && cause.includes(subject) ? cause : `${what}: ${cause}`;
  return `✗ refused: ${text}${ruleId ? ` [rule ${ruleId}]` : ""}`;
}
