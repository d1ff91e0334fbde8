import { useState } from "react";
import { useCan, usePortal } from "../app/session.js";
import { ErrorBox, Loading } from "../common/States.js";
import { usePoll } from "../common/usePoll.js";
import { SessionFilters, type SessionFilter } from "./SessionFilters.js";
import { SessionTable } from "./SessionTable.js";
import { StartSessionForm } from "./StartSessionForm.js";

/** Every session, live and recorded, refreshed every two seconds; operators can start one. */
export function SessionsPage() {
  const { api } = usePortal();
  const canStart = useCan("operator");
  const [filter, setFilter] = useState<SessionFilter>({ state: "", agent: "" });
  const sessions = usePoll(
    () => api.sessions({ state: filter.state, agent: filter.agent, limit: 200 }),
    2000,
    [filter.state, filter.agent],
  );
  const agents = usePoll(() => api.agents(), 0, []);
  return (
    <section aria-labelledby="sessions-title">
      <h1 id="sessions-title">Sessions</h1>
      {canStart ? <StartSessionForm agents={agents.data?.items ?? []} /> : null}
      <SessionFilters
        filter={filter}
        onChange={setFilter}
        agents={(agents.data?.items ?? []).map((a) => a.id)}
      />
      {sessions.error ? <ErrorBox error={sessions.error} what="the sessions" /> : null}
      {sessions.loading && !sessions.data ? <Loading what="sessions" /> : null}
      {sessions.data ? (
        <SessionTable items={sessions.data.items} total={sessions.data.total} />
      ) : null}
    </section>
  );
}
