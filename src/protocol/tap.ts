import type { AnyMessage, Stream } from "@agentclientprotocol/sdk";

/** `in`: agent → acpgate. `out`: acpgate → agent. */
export type Direction = "in" | "out";

export interface TappedMessage {
  readonly direction: Direction;
  readonly message: AnyMessage;
  /**
   * Inbound, where the transport has it: the line `message` was parsed from, as it came off
   * the wire (no newline; any other whitespace kept). What the editor proxy forwards.
   */
  readonly line?: string;
  /**
   * Inbound, where the line was cut from a larger decoded text (NdjsonLines decodes a read's
   * whole lines at once): that text, and where the line starts in it (`line` is
   * `chunk.slice(at, at + line.length)`). Lines one after the other in one read are adjacent
   * in it: the wire journal keeps a run of them as one slice of it.
   */
  readonly chunk?: string;
  readonly at?: number;
  /**
   * Inbound, where `chunk` is ASCII: the bytes it was decoded from, one a character, and the
   * newline after it (NdjsonLines). The editor proxy writes a run of lines from them as
   * they came; the journal counts a line's bytes as its length.
   */
  readonly bytes?: Buffer;
  /**
   * Inbound, a streamed text chunk read without a parse (textChunkTemplates.ts): the line is
   * `envelope.prefix + body + envelope.suffix`, one envelope object for every line of its
   * template, `body` the text as the line writes it (JSON-escaped, without its quotes). The
   * wire journal stores a run of them as the envelope once and the bodies.
   */
  readonly envelope?: LineEnvelope;
  readonly body?: string;
}

/** What the lines of one streamed-text template share: all of each line but its text. */
export interface LineEnvelope {
  /** Up to and with the text's opening quote. */
  readonly prefix: string;
  /** From the text's closing quote to the line's end. */
  readonly suffix: string;
}

/**
 * Inbound: streamed text chunks of one envelope that follow each other in one read, handed
 * over together (`TapHooks.observeRun`) where every hook on their way takes them so;
 * elsewhere each goes alone, as a TappedMessage. A stream's 100,000 chunks are then ~250
 * runs for the session, the journal and the editor proxy, not 100,000 messages.
 */
export interface TappedRun {
  readonly envelope: LineEnvelope;
  /** What every message of the run has: its session and its `sessionUpdate` kind. */
  readonly sessionId: string;
  readonly sessionUpdate: string;
  /** Each message's line, and its text as the line writes it (TappedMessage.body). */
  readonly lines: readonly string[];
  readonly bodies: readonly string[];
  /** The decoded read: the lines are `chunk.slice(start, end)`, a newline between two. */
  readonly chunk: string;
  readonly start: number;
  readonly end: number;
  /** Where the read is ASCII, its bytes (TappedMessage.bytes). */
  readonly bytes: Buffer | undefined;
  /** The `i`th message as it would have come alone. */
  tapped(i: number): TappedMessage;
}

export interface TapHooks {
  /** Sees every parsed message both ways, before the SDK (inbound) or the pipe (outbound). */
  observe(tapped: TappedMessage): void;
  /**
   * Inbound only: return true to consume a message so that the SDK never sees it
   * (acpgate routes `session/update` itself, so that no variant is stripped or dropped).
   * Given what `observe` was given (one object a message: a stream parses thousands).
   */
  intercept?(tapped: TappedMessage): boolean;
  /**
   * Inbound only, optional: takes a run of streamed text chunks whole — observed and
   * consumed — and returns true; or returns false having done nothing with it, and then each
   * of its messages goes through `observe` and `intercept` alone.
   */
  observeRun?(run: TappedRun): boolean;
}

/**
 * A stream that runs the hooks itself, where it parses (nodeNdJsonStream): `tapStream` hands
 * them over instead of splicing a TransformStream in. One tap per stream.
 */
export const TAPPABLE = Symbol("acpgate.tappable");

export interface Tappable {
  [TAPPABLE](hooks: TapHooks): Stream;
}

export function isTappable(stream: Stream): stream is Stream & Tappable {
  return TAPPABLE in stream;
}

/**
 * A stream that can stop reading its source for a while (nodeNdJsonStream): `hold()` pauses
 * it until every hold taken is released. The editor proxy holds the agent's stdout while the
 * editor's pipe is full, as a direct connection would block the agent.
 */
export const HOLDABLE = Symbol("acpgate.holdable");

export interface Holdable {
  /** Pauses reading until the returned release (idempotent) and every other is called. */
  [HOLDABLE](): () => void;
}

export function isHoldable(stream: Stream): stream is Stream & Holdable {
  return HOLDABLE in stream;
}

/**
 * Splices a tap between `ndJsonStream` and the client app. No re-framing: it works on the
 * parsed messages, and writes outbound ones through one writer, in order.
 */
export function tapStream(stream: Stream, hooks: TapHooks): Stream {
  if (isTappable(stream)) return stream[TAPPABLE](hooks);
  const readable = stream.readable.pipeThrough(
    new TransformStream<AnyMessage, AnyMessage>({
      transform(message, controller) {
        const tapped: TappedMessage = { direction: "in", message };
        hooks.observe(tapped);
        if (hooks.intercept?.(tapped)) return;
        controller.enqueue(message);
      },
    }),
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
