export interface SessionFilter {
  state: string;
  agent: string;
}

const STATES = ["starting", "ready", "prompting", "closing", "closed", "failed", "lost"];

export function SessionFilters(props: {
  filter: SessionFilter;
  onChange: (filter: SessionFilter) => void;
  agents: string[];
}) {
  const { filter, onChange } = props;
  return (
    <form className="filters" aria-label="Filter sessions" onSubmit={(e) => e.preventDefault()}>
      <label>
        State{" "}
        <select
          value={filter.state}
          onChange={(e) => onChange({ ...filter, state: e.target.value })}
        >
          <option value="">any</option>
          {STATES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label>
        Agent{" "}
        <select
          value={filter.agent}
          onChange={(e) => onChange({ ...filter, agent: e.target.value })}
        >
          <option value="">any</option>
          {props.agents.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
      </label>
    </form>
  );
}
