/** The wire journal's pieces of state: what it subscribes to, and a run it is joining. */
import type { LineEnvelope, TappedMessage, TappedRun } from "../protocol/tap.js";
import type { Disposable, Listener } from "../util/emitter.js";
import type { ReadSlice } from "../util/readSlice.js";
import type { ChunkAccess } from "./chunkCarry.js";
import { updateTextOf, withUpdateText } from "./updateText.js";

/** What the journal subscribes to: a session's tap (WireTap), which may give it runs too. */
export interface JournalTap {
  on(listener: Listener<TappedMessage>, runListener?: Listener<TappedRun>): Disposable;
}

/** A message as tapped, with the time it was seen (it may wait in a carry). */
export interface Seen {
  time: string;
  tapped: TappedMessage;
}

/**
 * A run being joined (consecutive notifications of one session, direction and method),
 * unredacted until it closes: then its text is redacted and measured once.
 */
export interface OpenRun {
  time: string;
  sessionId: string;
  direction: "in" | "out";
  method: string;
  messages: number;
  /** Bytes of its messages with the newlines between them (unredacted). */
  bytes: number;
  /** Its text so far, but for the open slice (joined once, when it closes). */
  parts: string[];
  /** Its last lines while they follow each other in one read. */
  slice: ReadSlice;
  /**
   * Set for a run of streamed text chunks read without a parse (TappedMessage.envelope):
   * every line is the envelope around its body, and only the bodies are kept.
   */
  envelope: LineEnvelope | undefined;
  bodies: string[];
}

/** Streamed text chunks, per direction and variant (`session/update` agent/thought/user). */
export const CHUNKS: ChunkAccess<Seen> = {
  chunkOf: ({ tapped }) => {
    const chunk = updateTextOf(tapped.message);
    return chunk && { stream: `${tapped.direction}:${chunk.kind}`, text: chunk.text };
  },
  // The wire line no longer says what the message does: it goes.
  withText: ({ time, tapped }, text) => ({
    time,
    tapped: { direction: tapped.direction, message: withUpdateText(tapped.message, text) },
  }),
};
