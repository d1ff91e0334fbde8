/** A session's state as a coloured word. */
export function StateBadge({ state }: { state: string }) {
  return <span className={`badge state-${state}`}>{state}</span>;
}
