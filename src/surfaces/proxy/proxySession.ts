import type { AgentContext, RequestPermissionRequest } from "@agentclientprotocol/sdk";
import type { Session } from "../../sessions/session.js";
import type { SessionEvent } from "../../sessions/events.js";
import type { Disposable } from "../../util/emitter.js";
import type { LineOut } from "../../util/coalescedWritable.js";
import type { TappedRun } from "../../protocol/tap.js";
import { updateAllowed } from "./updateGate.js";
import type { ClientCapabilities } from "@agentclientprotocol/sdk";

/**
 * Ties one governed session to the editor: every `session/update` the agent sends is
 * forwarded as it came off the wire (from the raw tap, so no variant or field the SDK does
 * not know is lost); the agent's permission requests are kept by tool call id for the
 * editor approver; a decision policy made alone is told to the editor on the tool call.
 */
export class ProxySession {
  private readonly permissions = new Map<string, RequestPermissionRequest>();
  private readonly subscriptions: Disposable[] = [];
  /** Notices said before the editor has the session's id: sent once it has (`opened`). */
  private held: string[] | undefined = [];

  constructor(
    readonly session: Session,
    private readonly editor: AgentContext,
    private readonly editorCapabilities: ClientCapabilities | undefined,
    /** Writes a line to the editor as it is; the SDK's notify (validated, re-framed) when unset. */
    private readonly editorOut?: LineOut,
  ) {
    this.subscriptions.push(
      session.tap.on(({ direction, message, line, chunk, at, bytes }) => {
        if (direction !== "in" || !("method" in message)) return;
        const params = (message as { params?: unknown }).params;
        if (message.method === "session/update" && !("id" in message)) {
          if (!updateAllowed(params, this.editorCapabilities)) return;
          // The agent's line as it came off the wire (serialized once where there is none).
          if (!this.editorOut)
            void this.editor.notify("session/update", params as never).catch(() => undefined);
          else if (line === undefined) this.editorOut(JSON.stringify(message));
          else this.editorOut(line, chunk, at, bytes);
        } else if (message.method === "session/request_permission") {
          const request = params as RequestPermissionRequest;
          const id = request?.toolCall?.toolCallId;
          if (typeof id === "string") this.permissions.set(id, request);
        }
      }, this.forwardRun),
      session.on((event) => this.onEvent(event)),
    );
  }

  /** A run of text chunks: its lines as they are in the agent's read, in one slice. */
  private readonly forwardRun = (run: TappedRun): void => {
    if (!updateAllowed({ update: { sessionUpdate: run.sessionUpdate } }, this.editorCapabilities))
      return;
    if (this.editorOut)
      this.editorOut(run.chunk.slice(run.start, run.end), run.chunk, run.start, run.bytes);
    else
      for (let i = 0; i < run.lines.length; i++) {
        const { params } = run.tapped(i).message as { params?: unknown };
        void this.editor.notify("session/update", params as never).catch(() => undefined);
      }
  };

  get agentSessionId(): string {
    return this.session.agentSessionId ?? "";
  }

  permissionParams(toolCallId: string): RequestPermissionRequest | undefined {
    return this.permissions.get(toolCallId);
  }

  /** The editor has the session/new|load|resume answer: what acpgate held back is said now. */
  opened(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const text of held) this.say(text);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }

  /** A message to the person, clearly acpgate's (`_meta.acpgate`), on the agent's session id. */
  private say(text: string): void {
    void this.editor
      .notify("session/update", {
        sessionId: this.agentSessionId,
        update: {
          sessionUpdate: "agent_message_chunk",
          content: { type: "text", text: `${text}\n` },
          _meta: { acpgate: { notice: true } },
        },
      })
      .catch(() => undefined);
  }

  /** A rule's allow or deny is answered by acpgate: the editor hears which rule decided. */
  private onEvent(event: SessionEvent): void {
    if (event.type === "notice" && event.code === "mcp_server_withheld") {
      const text = `acpgate: ${event.message}`;
      if (this.held) this.held.push(text);
      else this.say(text);
      return;
    }
    if (event.type !== "permission_decided" || event.decidedBy !== "policy") return;
    this.permissions.delete(event.toolCallId);
    const word = event.outcome === "allow" ? "allowed" : "refused";
    const text = `acpgate ${word} this by rule ${event.ruleId ?? "(posture)"}: ${event.reason}`;
    void this.editor
      .notify("session/update", {
        sessionId: this.agentSessionId,
        update: {
          sessionUpdate: "tool_call_update",
          toolCallId: event.toolCallId,
          content: [{ type: "content", content: { type: "text", text } }],
          _meta: {
            acpgate: { outcome: event.outcome, ruleId: event.ruleId ?? null, reason: event.reason },
          },
        },
      })
      .catch(() => undefined);
  }
}
