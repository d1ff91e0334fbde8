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
 *
 * `overtakes(item)` true: an item that is handed over (with everything queued before it) in
 * the next turn of the event loop although a commit is in flight, for a committer that runs
 * what it is given in order by itself and may still hold the commit in flight back (the
 * SQLite worker: a relaxed append waits up to 10 ms to share its message, batchQueue.ts).
 * A decision's record then joins that message and its one transaction, rather than waiting
 * for that commit to end before its own begins.
 */
export class GroupCommit<T, R> {
  private queue: Waiting<T, R>[] = [];
  private running: Promise<void> | undefined;
  private overtaking: Promise<void> | undefined;
  private readonly overtaken = new Set<Promise<void>>();

  constructor(
    private readonly commit: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 1000,
    private readonly overtakes: (item: T) => boolean = () => false,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.running && this.overtakes(item)) this.overtaking ??= this.overtake();
      this.running ??= this.loop();
    });
  }

  /** Resolves once everything submitted so far has settled. */
  async drain(): Promise<void> {
    while (this.running || this.overtaking || this.overtaken.size > 0) {
      await this.running;
      await this.overtaking;
      await Promise.all([...this.overtaken]);
    }
  }

  get pending(): number {
    return this.queue.length;
  }

  private async loop(): Promise<void> {
    // Let submitters of this turn join the first batch.
    await nextTurn();
    try {
      while (this.queue.length > 0) await this.commitBatch();
    } finally {
      this.running = undefined;
    }
  }

  /** Hands over what is queued now, beside the commit in flight (see `overtakes`). */
  private async overtake(): Promise<void> {
    await nextTurn();
    this.overtaking = undefined;
    const batch = this.commitBatch();
    this.overtaken.add(batch);
    await batch;
    this.overtaken.delete(batch);
  }

  private async commitBatch(): Promise<void> {
    const batch = this.queue.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    try {
      const results = await this.commit(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i] as R));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}

function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
