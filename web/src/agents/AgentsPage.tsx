import { usePortal } from "../app/session.js";
import { Empty, ErrorBox, Loading } from "../common/States.js";
import { usePoll } from "../common/usePoll.js";
import { AgentCard } from "./AgentCard.js";

/** The catalogue: what each agent is, whether it can start here, its capability matrix. */
export function AgentsPage() {
  const { api } = usePortal();
  const agents = usePoll(() => api.agents(), 0, []);
  return (
    <section aria-labelledby="agents-title">
      <h1 id="agents-title">Agents</h1>
      {agents.error ? <ErrorBox error={agents.error} what="the agents" /> : null}
      {agents.loading ? <Loading what="the catalogue" /> : null}
      {agents.data?.items.length === 0 ? <Empty>The catalogue is empty.</Empty> : null}
      <div className="agents">
        {(agents.data?.items ?? []).map((a) => (
          <AgentCard key={a.id} agent={a} />
        ))}
      </div>
    </section>
  );
}
