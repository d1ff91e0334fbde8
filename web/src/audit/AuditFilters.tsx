import type { AuditKind } from "../api/types.js";

export interface AuditFilter {
  session: string;
  kind: string;
  actor: string;
  rule: string;
  /** `datetime-local` value: records at or after. */
  since: string;
}

// Every kind the server records, in its order; the check below fails the build when the
// server adds one this list lacks.
const KINDS = [
  "session_started",
  "session_ended",
  "prompt",
  "turn_ended",
  "permission_asked",
  "permission_decided",
  "fs_read",
  "fs_write",
  "terminal",
  "tool_outcome",
  "mode_change",
  "promotion",
  "extension",
  "capability_refusal",
  "protected_path_changed",
  "network_request",
  "mcp_server_withheld",
  "agent_crash",
  "error",
] as const satisfies readonly AuditKind[];
const everyKind: Exclude<AuditKind, (typeof KINDS)[number]> extends never ? true : never = true;
void everyKind;

export function AuditFilters({
  filter,
  onChange,
}: {
  filter: AuditFilter;
  onChange: (f: AuditFilter) => void;
}) {
  const text = (field: "session" | "actor" | "rule", label: string) => (
    <label>
      {label}{" "}
      <input
        value={filter[field]}
        onChange={(e) => onChange({ ...filter, [field]: e.target.value })}
      />
    </label>
  );
  return (
    <form
      className="filters"
      aria-label="Filter audit records"
      onSubmit={(e) => e.preventDefault()}
    >
      {text("session", "Session")}
      <label>
        Kind{" "}
        <select value={filter.kind} onChange={(e) => onChange({ ...filter, kind: e.target.value })}>
          <option value="">any</option>
          {KINDS.map((k) => (
            <option key={k}>{k}</option>
          ))}
        </select>
      </label>
      {text("actor", "Actor")}
      {text("rule", "Rule")}
      <label>
        Since{" "}
        <input
          type="datetime-local"
          value={filter.since}
          onChange={(e) => onChange({ ...filter, since: e.target.value })}
        />
      </label>
    </form>
  );
}
