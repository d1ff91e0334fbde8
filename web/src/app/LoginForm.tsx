import { useState, type FormEvent } from "react";

/**
 * Asks for a token once per tab. The field is a password field (never shown), the token goes
 * to session storage only, and a rejected one says so without echoing it.
 */
export function LoginForm(props: { onToken: (token: string) => void; error?: string }) {
  const [token, setToken] = useState("");
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (token.trim()) props.onToken(token.trim());
  };
  return (
    <main className="login">
      <h1>acpgate portal</h1>
      <form onSubmit={submit} aria-label="Sign in">
        <label htmlFor="token">Access token</label>
        <input
          id="token"
          name="token"
          type="password"
          autoComplete="off"
          autoFocus
          value={token}
          onChange={(e) => setToken(e.target.value)}
          placeholder="acpg_…"
        />
        <button type="submit" disabled={!token.trim()}>
          Sign in
        </button>
        {props.error ? (
          <p className="state error" role="alert">
            {props.error}
          </p>
        ) : null}
        <p className="muted">
          The token is kept in this tab only (session storage). Make one with{" "}
          <code>acpgate token create --role viewer|operator|approver|admin --name NAME</code>, or
          use the one-time admin token <code>acpgate serve</code> printed.
        </p>
      </form>
    </main>
  );
}
