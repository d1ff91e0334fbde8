import { useEffect, useState } from "react";

function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s ago`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m}m ago`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h}h ago`;
  return `${Math.round(h / 24)}d ago`;
}

/** "3m ago", kept current, with the exact time on hover. */
export function RelativeTime({ time }: { time: string | undefined }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, []);
  if (!time) return <span className="muted">—</span>;
  return (
    <time dateTime={time} title={new Date(time).toLocaleString()}>
      {ago(now - Date.parse(time))}
    </time>
  );
}
