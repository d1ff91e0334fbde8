import type { Readable, Writable } from "node:stream";
import {
  DEFAULT_MAX_MESSAGE_BYTES,
  RequestError,
  type AnyMessage,
  type Stream,
} from "@agentclientprotocol/sdk";
import { MessageQueue } from "./messageQueue.js";
import { NdjsonLines } from "./ndjsonLines.js";
import { ChunkRun } from "./chunkRun.js";
import { TextChunkTemplates } from "./textChunkTemplates.js";
import {
  HOLDABLE,
  TAPPABLE,
  type Holdable,
  type LineEnvelope,
  type TapHooks,
  type Tappable,
  type TappedMessage,
} from "./tap.js";

export interface NodeNdJsonOptions {
  /** Longest line accepted (the SDK's default, 32 MiB, otherwise). */
  maxMessageBytes?: number;
}

/** Messages queued for the SDK before the agent's stdout is paused (it resumes once read). */
const HIGH_WATER = 256;
const RESOLVED = Promise.resolve();

/**
 * The SDK's `ndJsonStream` contract on plain Node streams: one `data` handler splits the
 * agent's stdout into lines, parses each and hands it to the tap and then (unless the tap
 * consumes it) to the SDK's reader; writes go straight to the agent's stdin, waiting for
 * `drain` when it asks. What the SDK's reader does with a bad line, this does the same: an
 * empty line is skipped, invalid JSON is answered `-32700` with `id: null`, a JSON array or
 * a non-object `-32600`, a line over the limit ends the stream with `MessageTooLargeError`.
 * No web stream per hop: a `session/update` the tap consumes costs no promise at all.
 */
export function nodeNdJsonStream(
  output: Writable,
  input: Readable,
  options: NodeNdJsonOptions = {},
): Stream {
  return new NodeNdJson(output, input, options).stream;
}

class NodeNdJson {
  readonly stream: Stream & Tappable & Holdable;
  private hooks: TapHooks | undefined;
  private readonly lines: NdjsonLines;
  private readonly templates = new TextChunkTemplates();
  /** Text chunks of one template gathered from the read being split (flushRun). */
  private run: ChunkRun | undefined;
  private readonly queue: MessageQueue;
  private started = false;
  private stopped = false;
  /** Holds on the input: the SDK's queue when full (HIGH_WATER), and `[HOLDABLE]` callers. */
  private holds = 0;
  private queueHold: (() => void) | undefined;
  private writeError: unknown;
  private draining: Promise<void> | undefined;

  constructor(
    private readonly output: Writable,
    private readonly input: Readable,
    options: NodeNdJsonOptions,
  ) {
    const max = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    if (!Number.isSafeInteger(max) || max <= 0) {
      throw new RangeError("maxMessageBytes must be a positive safe integer");
    }
    this.lines = new NdjsonLines(max);
    this.queue = new MessageQueue(
      () => this.stop(),
      () => {
        this.queueHold?.();
        this.queueHold = undefined;
      },
    );
    output.on("error", (error: unknown) => (this.writeError ??= error));
    input.on("error", (error: unknown) => this.fail(error));
    const readable = {
      // The SDK's Connection reads from its first getReader(): input flows from then on, so
      // that the tap (installed before) sees the first message.
      getReader: () => {
        this.start();
        return this.queue.reader();
      },
      cancel: (reason?: unknown) => this.queue.cancel(reason),
    };
    const writer = {
      write: (message: AnyMessage) => this.write(message),
      close: () => this.close(),
      abort: () => this.close(),
      releaseLock: () => undefined,
    };
    this.stream = {
      // Duck-typed: the SDK's Connection uses only the members above (see messageQueue.ts).
      readable: readable as unknown as ReadableStream<AnyMessage>,
      writable: { getWriter: () => writer } as unknown as WritableStream<AnyMessage>,
      [TAPPABLE]: (hooks: TapHooks) => {
        this.hooks = hooks;
        return this.stream;
      },
      [HOLDABLE]: () => this.hold(),
    };
  }

  private start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.input.on("data", this.onData);
    this.input.once("end", () => {
      if (this.stopped) return;
      const last = this.lines.flush();
      try {
        if (last !== undefined) this.onLine(last);
        this.flushRun();
      } catch (error) {
        this.fail(error);
      }
      this.queue.end();
    });
    this.input.once("close", () => this.queue.end());
  }

  private readonly onData = (chunk: Buffer): void => {
    try {
      this.lines.push(chunk, this.onLine);
      this.flushRun();
    } catch (error) {
      this.fail(error);
    }
  };

  private readonly onLine = (
    text: string,
    chunk?: string,
    at?: number,
    bytes?: Buffer,
  ): boolean => {
    if (this.stopped) return false;
    // A text chunk like the last ones: no parse (textChunkTemplates.ts). Where the hooks
    // take runs, the chunks of one template that follow each other in this read go as one.
    const templates = this.templates;
    if (templates.matches(text)) {
      const envelope = templates.envelope!;
      if (this.hooks?.observeRun !== undefined && chunk !== undefined && at !== undefined) {
        let run = this.run;
        if (run === undefined || !run.continues(envelope, chunk, at)) {
          this.flushRun();
          run = this.run = new ChunkRun(envelope, chunk, at, bytes);
        }
        run.add(text, templates.body, at);
        return !this.stopped;
      }
      const message = envelope.message(templates.text);
      this.deliver(message, text, chunk, at, bytes, envelope, templates.body);
      return !this.stopped;
    }
    this.flushRun();
    if (this.stopped) return false;
    const trimmed = text.trim();
    if (trimmed === "") return true;
    let message: unknown;
    try {
      message = JSON.parse(trimmed);
    } catch {
      this.answer(RequestError.parseError());
      return true;
    }
    if (Array.isArray(message)) {
      this.answer(RequestError.invalidRequest(undefined, "JSON-RPC batches are not supported"));
    } else if (typeof message === "object" && message !== null) {
      this.templates.learn(message, text);
      this.deliver(message as AnyMessage, text, chunk, at, bytes);
    } else {
      this.answer(RequestError.invalidRequest(message));
    }
    return !this.stopped;
  };

  /**
   * Hands over the run gathered so far: whole where the hooks take it, else message by
   * message. Before any other message, and at the end of each read.
   */
  private flushRun(): void {
    const run = this.run;
    if (run === undefined) return;
    this.run = undefined;
    if (this.stopped) return;
    if (run.size > 1 && this.hooks?.observeRun?.(run)) return;
    for (let i = 0; i < run.size && !this.stopped; i++) {
      const tapped = run.tapped(i);
      this.deliverTapped(tapped.message, tapped);
    }
  }

  private deliver(
    message: AnyMessage,
    line: string,
    chunk?: string,
    at?: number,
    bytes?: Buffer,
    envelope?: LineEnvelope,
    body?: string,
  ): void {
    // One shape for every inbound message (the listeners' property reads stay monomorphic).
    const tapped: TappedMessage | undefined = this.hooks
      ? { direction: "in", message, line, chunk, at, bytes, envelope, body }
      : undefined;
    this.deliverTapped(message, tapped);
  }

  private deliverTapped(message: AnyMessage, tapped: TappedMessage | undefined): void {
    const hooks = this.hooks;
    if (hooks && tapped) {
      hooks.observe(tapped);
      if (hooks.intercept?.(tapped)) return;
    }
    this.queue.push(message);
    if (!this.queueHold && this.queue.size >= HIGH_WATER) this.queueHold = this.hold();
  }

  private hold(): () => void {
    if (this.holds++ === 0) this.input.pause();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds === 0 && !this.stopped) this.input.resume();
    };
  }

  /** A protocol error about a line that is no message: `id: null`, not tapped (as the SDK). */
  private answer(error: RequestError): void {
    const response = { jsonrpc: "2.0", id: null, error: error.toErrorResponse() };
    this.send(JSON.stringify(response) + "\n").catch(() => undefined);
  }

  private fail(error: unknown): void {
    this.queue.fail(error);
    this.stop();
  }

  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.run = undefined;
    this.lines.clear();
    this.input.off("data", this.onData);
    this.input.destroy();
  }

  private write(message: AnyMessage): Promise<void> {
    this.hooks?.observe({ direction: "out", message });
    return this.send(JSON.stringify(message) + "\n");
  }

  /** In call order: while the pipe is full, later lines wait for `drain` behind it. */
  private send(line: string): Promise<void> {
    if (this.draining) return this.draining.then(() => this.send(line));
    if (this.writeError !== undefined) return Promise.reject(this.writeError);
    const output = this.output;
    if (output.destroyed || output.writableEnded) {
      return Promise.reject(new Error("the agent's stdin is closed"));
    }
    if (output.write(line)) return RESOLVED;
    const drained = new Promise<void>((resolve) => {
      const done = (): void => {
        output.off("drain", done);
        output.off("close", done);
        if (this.draining === drained) this.draining = undefined;
        resolve();
      };
      output.on("drain", done);
      output.on("close", done);
    });
    this.draining = drained;
    return drained;
  }

  private close(): Promise<void> {
    if (!this.output.writableEnded) this.output.end();
    return RESOLVED;
  }
}
