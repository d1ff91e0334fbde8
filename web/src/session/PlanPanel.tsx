import type { SessionFacts } from "./timeline.js";

export function PlanPanel({ plan }: { plan: SessionFacts["plan"] }) {
  if (!plan) return null;
  return (
    <section className="card plan" aria-labelledby="plan-title">
      <h2 id="plan-title">Plan</h2>
      <ol>
        {plan.entries.map((e, i) => (
          <li key={i} className={`plan-${e.status}`}>
            <span className="badge">{e.status}</span> {e.content}
          </li>
        ))}
      </ol>
    </section>
  );
}
