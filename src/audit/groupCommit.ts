interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * Group commit: items submitted while a commit is in flight (or within the same turn of the
 * event loop) are committed together in the next transaction. Each submitter's promise
 * settles only when the transaction holding its item has committed, or failed. Order of
 * submission is order of commit.
 */
export class GroupCommit<T, R> {
  private queue: Waiting<T, R>[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly commit: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 1000,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.running ??= this.loop();
    });
  }

  /** Resolves once everything submitted so far has settled. */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  get pending(): number {
    return this.queue.length;
  }

  private async loop(): Promise<void> {
    // Let submitters of this turn join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const results = await this.commit(batch.map((w) => w.item));
          batch.forEach((w, i) => w.resolve(results[i] as R));
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.running = undefined;
    }
  }
}
