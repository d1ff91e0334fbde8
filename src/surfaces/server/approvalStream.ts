import type { Disposable } from "../../util/emitter.js";
import type { ApprovalDesk } from "./approvalDesk.js";
import { sseFrame } from "./eventStream.js";

const encoder = new TextEncoder();

/**
 * `GET /api/permission-requests/events`: the pending list (`event: snapshot`), then every
 * approval asked or resolved (`event: change`, an `ApprovalChange`), so every open portal
 * sees a decision the moment it is made. Not resumable: a client that reconnects gets a
 * fresh snapshot, which is the whole state. Frames are few and small; the stream holds no
 * queue of its own (the controller's is bounded by how many approvals can be pending).
 */
export function approvalEventStream(
  desk: ApprovalDesk,
  options: { heartbeatMs: number; onEnd?: () => void },
): ReadableStream<Uint8Array> {
  let subscription: Disposable | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const stop = (): void => {
    subscription?.dispose();
    subscription = undefined;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
    options.onEnd?.();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string): void => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      // Subscribe and snapshot in one synchronous step: nothing falls between them.
      subscription = desk.changes.on((change) => send(sseFrame("change", undefined, change)));
      send(sseFrame("snapshot", undefined, { items: desk.list() }));
      heartbeat = setInterval(() => send(": heartbeat\n\n"), options.heartbeatMs);
      heartbeat.unref();
    },
    cancel() {
      stop();
    },
  });
}
