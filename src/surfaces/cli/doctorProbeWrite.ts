import { existsSync } from "node:fs";
import type { SessionEvent } from "../../sessions/events.js";
import type { Session } from "../../sessions/session.js";
import { AcpgateError } from "../../util/errors.js";
import type { ProbeWriteReport } from "./doctorReport.js";

/**
 * The turn of `agents doctor --probe-write`: a plain request to create a file, for the user's
 * real model, plus directive lines for test models (the mock LLM's `@tool write`, the demo
 * agent's `@write`), which a real model reads as part of the request.
 */
export function probePrompt(file: string): string {
  return [
    "Create the file probe.txt containing ok",
    `@tool write ${JSON.stringify({ file_path: file, content: "ok\n" })}`,
    `@write ${file} ok\\n`,
  ].join("\n");
}

const WRITE_KINDS = new Set(["edit", "delete", "move"]);

/** Runs the probe's turn on a started session; `finish()` reads the outcome off its events. */
export class WriteProbe {
  private readonly events: SessionEvent[] = [];
  private mode: string | null = null;
  private stopReason: string | null = null;
  private seenAfterTurn = false;

  constructor(
    readonly file: string,
    private readonly timeoutMs: number,
  ) {}

  async run(session: Session): Promise<void> {
    this.mode = session.modes.state.currentModeId ?? null;
    const subscription = session.on((event) => this.events.push(event));
    // Past the limit the turn is cancelled; an agent that ignores the cancel is given 5 s more.
    const cancel = setTimeout(() => void session.cancel(), this.timeoutMs);
    let hard: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      hard = setTimeout(
        () =>
          reject(new AcpgateError("timeout", `the probe turn did not end in ${this.timeoutMs} ms`)),
        this.timeoutMs + 5000,
      );
    });
    try {
      const turn = await Promise.race([session.prompt(probePrompt(this.file)), deadline]);
      this.stopReason = turn.stopReason;
    } finally {
      clearTimeout(cancel);
      clearTimeout(hard);
      subscription.dispose();
      this.seenAfterTurn = existsSync(this.file);
    }
  }

  /** The outcome, once the session is closed (a write landing late counts too). */
  finish(): ProbeWriteReport {
    const ran = this.stopReason !== null;
    const appeared = this.seenAfterTurn || existsSync(this.file);
    const asked = new Map<string, boolean>();
    const writeCalls = new Set<string>();
    let attempted = false;
    let byPolicy = false;
    for (const e of this.events) {
      if (e.type === "permission_asked") {
        const writes = (e.kinds ?? [e.kind]).some((k) => WRITE_KINDS.has(k)) || this.names(e.paths);
        asked.set(e.requestId, writes);
        attempted ||= writes;
      } else if (e.type === "permission_decided") {
        if (asked.get(e.requestId) && e.outcome !== "allow") byPolicy = true;
      } else if (e.type === "fs_write") {
        attempted = true;
        if (!e.allowed) byPolicy = true;
      } else if (e.type === "tool_call" || e.type === "tool_call_update") {
        if (WRITE_KINDS.has(e.kind ?? "") || this.names(e.locations)) writeCalls.add(e.toolCallId);
        attempted ||= writeCalls.has(e.toolCallId);
      }
    }
    const held = appeared ? false : ran ? true : null;
    return {
      file: this.file,
      mode: this.mode,
      held,
      attempted: attempted || appeared,
      // Tried and held with no refusal of acpgate's: the agent's own mode stopped it.
      refusedBy: held !== true ? null : byPolicy ? "policy" : attempted ? "mode" : null,
      stopReason: this.stopReason,
    };
  }

  private names(paths: string[] | undefined): boolean {
    return (paths ?? []).some(
      (p) => p === this.file || p.endsWith("/probe.txt") || p === "probe.txt",
    );
  }
}
