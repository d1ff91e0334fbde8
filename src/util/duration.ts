import { AcpgateError } from "./errors.js";

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parses `250ms`, `30s`, `5m`, `1h` or a bare number of seconds into milliseconds; `what` names it in errors. */
export function parseDuration(text: string, what?: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
  if (!match) {
    throw new AcpgateError(
      "usage",
      `${what ? `${what}: ` : ""}invalid duration '${text}': use e.g. 500ms, 30s, 5m, 1h`,
    );
  }
  const value = Number(match[1]);
  const unit = match[2] ?? "s";
  return Math.round(value * (UNITS[unit] ?? 1000));
}
