import { useState, type FormEvent } from "react";
import type { PendingApproval } from "../api/types.js";
import { usePortal } from "../app/session.js";

/** Allow or reject with a reason (the reason is recorded with the approver). */
export function DecisionForm({ approval }: { approval: PendingApproval }) {
  const { api } = usePortal();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const decide =
    (decision: "allow" | "reject", scope: "once" | "session") => (event?: FormEvent) => {
      event?.preventDefault();
      if (!reason.trim()) {
        setError("Give a reason: it is recorded with your decision.");
        return;
      }
      setBusy(true);
      setError(undefined);
      api
        .decide(approval.id, { decision, scope, reason })
        .catch((caught: unknown) =>
          setError(caught instanceof Error ? caught.message : String(caught)),
        )
        .finally(() => setBusy(false));
    };
  const id = `reason-${approval.id}`;
  return (
    <form className="decision" onSubmit={decide("allow", "once")} aria-label="Decide">
      <label htmlFor={id}>Reason</label>
      <input
        id={id}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder="why"
        required
      />
      <div className="buttons">
        <button type="submit" disabled={busy}>
          Allow once
        </button>
        {approval.optionKinds.includes("allow_always") ? (
          <button type="button" disabled={busy} onClick={decide("allow", "session")}>
            Allow for the session
          </button>
        ) : null}
        <button type="button" className="danger" disabled={busy} onClick={decide("reject", "once")}>
          Reject
        </button>
      </div>
      {error ? (
        <p className="state error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
