import { useId, useState, type FormEvent } from "react";
import { usePortal } from "../app/session.js";

/** Move a session to `edit` (workspace-write) with a reason: recorded as a promotion. */
export function PromotionForm({ sessionId }: { sessionId: string }) {
  const { api } = usePortal();
  const [reason, setReason] = useState("");
  const [state, setState] = useState<{ busy?: boolean; done?: string; error?: string }>({});
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setState({ busy: true });
    api.promote(sessionId, { to: "edit", reason }).then(
      () => setState({ done: "Promoted to edit." }),
      (caught: unknown) =>
        setState({ error: caught instanceof Error ? caught.message : String(caught) }),
    );
  };
  const id = useId();
  return (
    <form className="promotion" onSubmit={submit} aria-label="Promote to edit">
      <label htmlFor={id}>Promote to edit, because</label>
      <input
        id={id}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        placeholder="reason"
      />
      <button type="submit" disabled={state.busy || !reason.trim()}>
        Promote
      </button>
      {state.done ? <span role="status">{state.done}</span> : null}
      {state.error ? (
        <span className="state error" role="alert">
          {state.error}
        </span>
      ) : null}
    </form>
  );
}
