import type { Writable } from "node:stream";

/**
 * A web WritableStream over a Node stream that hands it one buffer per turn of the event loop:
 * chunks written in the same turn (an agent's burst of `session/update` lines, one chunk per
 * message from the SDK's ndJsonStream) are joined and written once, at `setImmediate`. One
 * `write()` per message to a pipe was most of the editor proxy's stream cost (docs/bench.md).
 * Order is kept; when the Node stream asks to wait (`write()` false), writes wait for `drain`.
 */
export function coalescedWritable(out: Writable): WritableStream<Uint8Array> {
  let pending: Uint8Array[] = [];
  let scheduled = false;
  let drained: Promise<void> = Promise.resolve();
  const flush = (): void => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    if (!out.write(chunk)) drained = new Promise((resolve) => out.once("drain", resolve));
  };
  return new WritableStream<Uint8Array>({
    async write(chunk) {
      await drained;
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    async close() {
      flush();
      await drained;
    },
  });
}
