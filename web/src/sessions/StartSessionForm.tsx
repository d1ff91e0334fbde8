import { useState, type FormEvent } from "react";
import type { AgentItem } from "../api/types.js";
import { navigate } from "../app/router.js";
import { usePortal } from "../app/session.js";

/** Start a session: an agent from the catalogue, environment, working directory, a prompt. */
export function StartSessionForm({ agents }: { agents: AgentItem[] }) {
  const { api } = usePortal();
  const [agent, setAgent] = useState("");
  const [cwd, setCwd] = useState("");
  const [environment, setEnvironment] = useState("");
  const [policy, setPolicy] = useState("");
  const [prompt, setPrompt] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // The bundled demo agent first (the embedded default's agent), else the first installed one.
  const chosen =
    agent ||
    agents.find((a) => a.id === "demo")?.id ||
    agents.find((a) => a.available)?.id ||
    agents[0]?.id ||
    "";
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    api
      .createSession({
        agent: chosen,
        cwd,
        ...(environment ? { environment } : {}),
        ...(policy ? { policy } : {}),
        ...(prompt ? { prompt } : {}),
      })
      .then(
        (session) => navigate(`/sessions/${encodeURIComponent(session.id)}`),
        (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <details className="card start" open>
      <summary>Start a session</summary>
      <form onSubmit={submit} aria-label="Start a session" className="grid-form">
        <label>
          Agent
          <select name="agent" value={chosen} onChange={(e) => setAgent(e.target.value)}>
            {agents.map((a) => (
              <option key={a.id} value={a.id}>
                {a.id} — {a.name}
                {a.available ? "" : " (not installed)"}
              </option>
            ))}
          </select>
        </label>
        <label>
          Working directory (on the server)
          <input
            name="cwd"
            required
            value={cwd}
            onChange={(e) => setCwd(e.target.value)}
            placeholder="/path/to/repo"
          />
        </label>
        <label>
          Environment <span className="muted">(optional)</span>
          <input
            name="environment"
            value={environment}
            onChange={(e) => setEnvironment(e.target.value)}
          />
        </label>
        <label>
          Policy <span className="muted">(optional)</span>
          <input
            name="policy"
            value={policy}
            onChange={(e) => setPolicy(e.target.value)}
            placeholder="read-only"
          />
        </label>
        <label className="wide">
          First prompt <span className="muted">(optional)</span>
          <textarea
            name="prompt"
            rows={3}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
          />
        </label>
        <div className="wide">
          <button type="submit" disabled={busy || !cwd || !chosen}>
            {busy ? "Starting…" : "Start session"}
          </button>
          {error ? (
            <p className="state error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </form>
    </details>
  );
}
