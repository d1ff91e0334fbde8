/**
 * Readers of sessions' rows waiting for more: `acpgate_events` notifications wake the readers
 * of the session they name; `wakeAll` (after the LISTEN connection came back) wakes every one.
 * A wait also ends after `ms`: readers poll too, so a lost notification only delays them.
 */
export class EventWakeups {
  private readonly waiting = new Map<string, Set<() => void>>();

  wait(sessionId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      let set = this.waiting.get(sessionId);
      if (!set) this.waiting.set(sessionId, (set = new Set()));
      const done = (): void => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && this.waiting.get(sessionId) === set) this.waiting.delete(sessionId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });
  }

  wake(sessionId: string): void {
    for (const done of [...(this.waiting.get(sessionId) ?? [])]) done();
  }

  wakeAll(): void {
    for (const id of [...this.waiting.keys()]) this.wake(id);
  }
}
