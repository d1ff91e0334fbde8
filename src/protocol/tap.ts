import type { AnyMessage, Stream } from "@agentclientprotocol/sdk";

/** `in`: agent → acpgate. `out`: acpgate → agent. */
export type Direction = "in" | "out";

export interface TappedMessage {
  readonly direction: Direction;
  readonly message: AnyMessage;
}

export interface TapHooks {
  /** Sees every parsed message both ways, before the SDK (inbound) or the pipe (outbound). */
  observe(tapped: TappedMessage): void;
  /**
   * Inbound only: return true to consume a message so that the SDK never sees it
   * (acpgate routes `session/update` itself, so that no variant is stripped or dropped).
   */
  intercept?(message: AnyMessage): boolean;
}

/**
 * Splices a tap between `ndJsonStream` and the client app. No re-framing: it works on the
 * parsed messages, and writes outbound ones through one writer, in order.
 */
export function tapStream(stream: Stream, hooks: TapHooks): Stream {
  // A pulled stream rather than pipeThrough(TransformStream): one read per message instead
  // of a pipe, a transform and their promises (the inbound hot path: every session/update);
  // intercepted messages are taken in the same pull, so the SDK's reader never waits on them.
  const reader = stream.readable.getReader();
  const readable = new ReadableStream<AnyMessage>(
    {
      async pull(controller) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            return;
          }
          hooks.observe({ direction: "in", message: value });
          if (hooks.intercept?.(value)) continue;
          controller.enqueue(value);
          return;
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 1 },
  );
  const writer = stream.writable.getWriter();
  const writable = new WritableStream<AnyMessage>({
    write(message) {
      hooks.observe({ direction: "out", message });
      return writer.write(message);
    },
    close() {
      return writer.close();
    },
    abort(reason) {
      return writer.abort(reason);
    },
  });
  return { readable, writable };
}
