import type { ReactNode } from "react";

export function Loading({ what }: { what: string }) {
  return (
    <p className="state loading" role="status">
      Loading {what}…
    </p>
  );
}

export function ErrorBox({ error, what }: { error: Error; what: string }) {
  return (
    <div className="state error" role="alert">
      <strong>Could not load {what}.</strong> {error.message}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state empty">{children}</p>;
}
