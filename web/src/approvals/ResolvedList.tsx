import type { ApprovalsState } from "./approvalsContext.js";

/** Decisions made while this page was open, by anyone: who decided, how and why. */
export function ResolvedList({ resolved }: { resolved: ApprovalsState["resolved"] }) {
  if (resolved.length === 0) return null;
  return (
    <section aria-labelledby="resolved-title">
      <h2 id="resolved-title">Decided since you opened this page</h2>
      <ul className="resolved">
        {resolved.map(({ approval, resolution }) => (
          <li key={approval.id} data-resolved={approval.id}>
            <span className={`badge outcome-${resolution.outcome}`}>{resolution.outcome}</span>{" "}
            <strong>{approval.title}</strong> by {resolution.decidedBy ?? "nobody (cancelled)"} —{" "}
            {resolution.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
