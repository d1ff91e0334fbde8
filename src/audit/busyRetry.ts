/**
 * SQLite answers "busy" (`SQLITE_BUSY*`, `SQLITE_LOCKED*`) when another process holds a lock
 * it cannot wait for: its busy timeout covers most waits, but not all (a journal-mode change
 * on a database another process is creating, a read transaction that must become a write
 * one). Such an error says "try again", never "this failed".
 */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

export interface RetryOptions {
  /** Give up (rethrow the busy error) after this long. */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const sleeping = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` again, after a growing jittered pause, for as long as it fails busy. */
export async function retryWhileBusy<T>(
  work: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const sleep = options.sleep ?? sleeping;
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      const pause = Math.min(250, 5 * 2 ** attempt);
      await sleep(pause / 2 + Math.random() * (pause / 2));
    }
  }
}
