import { usePortal } from "../app/session.js";
import { ErrorBox } from "../common/States.js";
import { usePoll } from "../common/usePoll.js";

/** The hash chain's verification (GET /api/audit/verify), checked again every 30 s. */
export function ChainStatus() {
  const { api } = usePortal();
  const result = usePoll(() => api.verify(), 30_000, []);
  if (result.error) return <ErrorBox error={result.error} what="the chain's verification" />;
  if (!result.data)
    return (
      <p className="chain" role="status">
        Verifying the audit chain…
      </p>
    );
  const r = result.data;
  return (
    <p className={`chain ${r.ok ? "ok" : "broken"}`} role="status" data-testid="chain-status">
      {r.ok
        ? `Chain verified: ${r.records} records, intact.`
        : `Chain broken (${r.problem}${r.brokenId !== undefined ? ` at record ${r.brokenId}` : ""}): ${r.reason}`}{" "}
      <button type="button" className="link" onClick={result.refresh}>
        Verify again
      </button>
    </p>
  );
}
