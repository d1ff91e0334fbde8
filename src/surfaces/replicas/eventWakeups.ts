/** One reader's wake-ups for one key: `dirty` once notified since it last read. */
export interface Waiter {
  /** True when a notification came since `wait` last returned (or since subscribing). */
  readonly dirty: boolean;
  /** Resolves at the next notification (at once if one came already): true; after `ms`: false. */
  wait(ms: number): Promise<boolean>;
  dispose(): void;
}

interface Entry {
  dirty: boolean;
  resolve: ((woken: boolean) => void) | undefined;
}

/**
 * Readers of rows waiting for more, keyed (a session id, a request id): notifications wake
 * the readers of their key; `wakeAll` (after the LISTEN connection came back) wakes every
 * one. A notification that comes while its reader is busy reading is kept as `dirty`, so the
 * reader reads again rather than waiting; a wait also ends after `ms`, so readers poll too
 * and a lost notification only delays them.
 */
export class EventWakeups {
  private readonly entries = new Map<string, Set<Entry>>();

  subscribe(key: string): Waiter {
    let set = this.entries.get(key);
    if (!set) this.entries.set(key, (set = new Set()));
    const entry: Entry = { dirty: false, resolve: undefined };
    set.add(entry);
    return {
      get dirty() {
        return entry.dirty;
      },
      wait: (ms) =>
        new Promise<boolean>((resolve) => {
          if (entry.dirty) {
            entry.dirty = false;
            resolve(true);
            return;
          }
          const timer = setTimeout(() => done(false), ms);
          const done = (woken: boolean): void => {
            clearTimeout(timer);
            entry.resolve = undefined;
            entry.dirty = false;
            resolve(woken);
          };
          entry.resolve = done;
        }),
      dispose: () => {
        entry.resolve?.(false);
        set.delete(entry);
        if (set.size === 0 && this.entries.get(key) === set) this.entries.delete(key);
      },
    };
  }

  wake(key: string): void {
    for (const entry of this.entries.get(key) ?? []) {
      entry.dirty = true;
      entry.resolve?.(true);
    }
  }

  wakeAll(): void {
    for (const key of [...this.entries.keys()]) this.wake(key);
  }
}
