import { useState } from "react";
import { usePortal } from "../app/session.js";

/** Cancel the turn, close the session. */
export function SessionActions({ sessionId, state }: { sessionId: string; state: string }) {
  const { api } = usePortal();
  const [error, setError] = useState<string>();
  const act = (what: () => Promise<unknown>) => (): void => {
    setError(undefined);
    what().catch((caught: unknown) =>
      setError(caught instanceof Error ? caught.message : String(caught)),
    );
  };
  const over = state === "closed" || state === "failed" || state === "closing";
  return (
    <div className="buttons actions">
      <button
        type="button"
        disabled={state !== "prompting"}
        onClick={act(() => api.cancel(sessionId))}
      >
        Cancel turn
      </button>
      <button
        type="button"
        className="danger"
        disabled={over}
        onClick={act(() => api.close(sessionId))}
      >
        Close session
      </button>
      {error ? (
        <span className="state error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
