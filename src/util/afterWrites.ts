/**
 * Resolves in the next turn of the event loop, once the immediates queued in this one have
 * run: the writes coalesced output queues for this turn (coalescedWritable.ts flushes at
 * `setImmediate`, an editor's answer among them) have gone out by then. Work that is not on
 * the answer's path but would otherwise run before it (the integrity check after a turn)
 * waits for this. An immediate queued while immediates run runs in the next turn.
 */
export function afterWrites(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
