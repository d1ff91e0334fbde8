import { useState, type FormEvent, type KeyboardEvent } from "react";
import { usePortal } from "../app/session.js";

/** Send the next prompt (Ctrl+Enter sends). */
export function PromptBox({ sessionId, disabled }: { sessionId: string; disabled: boolean }) {
  const { api } = usePortal();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const send = (event?: FormEvent): void => {
    event?.preventDefault();
    if (!text.trim()) return;
    setError(undefined);
    api.prompt(sessionId, text).then(
      () => setText(""),
      (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
    );
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) send();
  };
  return (
    <form className="prompt-box" onSubmit={send} aria-label="Prompt">
      <label htmlFor="prompt">Prompt</label>
      <textarea
        id="prompt"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
      />
      <button type="submit" disabled={disabled || !text.trim()}>
        Send
      </button>
      {error ? (
        <p className="state error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
