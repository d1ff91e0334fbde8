import { useState } from "react";
import type { AgentItem, DoctorReport } from "../api/types.js";
import { useCan, usePortal } from "../app/session.js";
import { CapabilityMatrix } from "./CapabilityMatrix.js";

/** One agent: what it is, its modes, the secret names it needs; its probe on demand. */
export function AgentCard({ agent }: { agent: AgentItem }) {
  const { api } = usePortal();
  const canProbe = useCan("operator");
  const [report, setReport] = useState<DoctorReport>();
  const [state, setState] = useState<{ busy?: boolean; error?: string }>({});
  const probe = (): void => {
    setState({ busy: true });
    api.doctor(agent.id).then(
      (r) => {
        setReport(r);
        setState({});
      },
      (caught: unknown) =>
        setState({ error: caught instanceof Error ? caught.message : String(caught) }),
    );
  };
  return (
    <article className="card agent" aria-labelledby={`agent-${agent.id}`} data-agent={agent.id}>
      <h2 id={`agent-${agent.id}`}>
        {agent.name} <code>{agent.id}</code>{" "}
        <span className={`badge ${agent.available ? "ok" : "bad"}`}>
          {agent.available ? "available" : "not installed"}
        </span>
      </h2>
      <p>{agent.description}</p>
      <dl className="facts">
        <dt>Dialect</dt>
        <dd>{agent.dialect}</dd>
        <dt>Writes files</dt>
        <dd>{agent.fileAccess === "client" ? "through acpgate (fs/*)" : "itself"}</dd>
        <dt>Modes</dt>
        <dd>
          {agent.modes.length
            ? agent.modes.map((m) => `${m.id}${m.posture ? ` (${m.posture})` : ""}`).join(", ")
            : "none"}
          {agent.defaultMode ? ` · default ${agent.defaultMode}` : ""}
        </dd>
        <dt>Auth</dt>
        <dd>{agent.authMethods.join(", ") || "none"}</dd>
        <dt>Secrets</dt>
        <dd>{agent.secretNames.join(", ") || "none"}</dd>
      </dl>
      {canProbe ? (
        <button type="button" onClick={probe} disabled={state.busy}>
          {state.busy ? "Probing…" : report ? "Probe again" : "Probe capabilities (agents doctor)"}
        </button>
      ) : null}
      {state.error ? (
        <p className="state error" role="alert">
          {state.error}
        </p>
      ) : null}
      {report ? <CapabilityMatrix report={report} /> : null}
    </article>
  );
}
