import type { SessionEvent } from "../api/types.js";

/** One line for the events that are facts rather than conversation. */
export function describe(e: SessionEvent): string {
  switch (e.type) {
    case "session_started":
      return `agent ${e.agentInfo?.name ?? e.agentId} ${e.agentInfo?.version ?? ""} started (${e.how}${e.enforcement ? `, enforcement: ${e.enforcement}` : ""})`;
    case "turn_ended":
      return `turn ended: ${e.stopReason}`;
    case "notice":
      return e.message;
    case "error":
      return `error ${e.code}: ${e.message}`;
    case "fs_write":
      return `${e.allowed ? "wrote" : "refused to write"} ${e.path}${e.allowed ? ` (${e.bytes} bytes)` : ""}${e.reason ? ` — ${e.reason}` : ""}`;
    case "terminal":
      return `terminal ${e.action}${e.command ? ` \`${e.command}\`` : ""}: ${e.allowed ? "allowed" : "refused"}${e.reason ? ` — ${e.reason}` : ""}`;
    case "protected_path_changed":
      return `protected path ${e.path} ${e.change} (${e.ruleId})`;
    case "network_request":
      return `network ${e.host}:${e.port} ${e.allowed ? "allowed" : "refused"}`;
    case "promotion":
      return `promoted by ${e.actor} from ${e.from} to ${e.to}: ${e.reason}`;
    case "subagent":
      return `subagent ${e.subagentType ?? ""} ${e.description ?? e.prompt ?? ""}`.trim();
    case "question":
      return `question ${e.phase}${e.request.title ? `: ${e.request.title}` : ""}`;
    case "mode_changed":
      return `mode: ${e.modeId}`;
    default:
      return e.type;
  }
}

export function EventLine({ event }: { event: SessionEvent }) {
  const bad = event.type === "error" || ("allowed" in event && event.allowed === false);
  return (
    <p className={`event-line ${bad ? "bad" : ""}`} data-type={event.type}>
      <span className="seq">#{event.seq}</span> {describe(event)}
    </p>
  );
}
