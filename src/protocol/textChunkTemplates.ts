import type { AnyMessage } from "@agentclientprotocol/sdk";
import type { LineEnvelope } from "./tap.js";

/** The `session/update` variants that stream text, one small notification per chunk. */
const STREAMED = new Set(["agent_message_chunk", "agent_thought_chunk", "user_message_chunk"]);
/** Templates kept per stream (a session's message and thought chunks alternate). */
const MAX_TEMPLATES = 4;
/** Lines of the right shape whose text did not serialise back to them, before giving up. */
const MAX_MISSES = 16;
/** What the text is replaced by to find where it is in the serialised line. */
const MARK = "\u0000";
const MARK_LITERAL = JSON.stringify(MARK);
/** Characters a JSON string cannot hold unescaped (a quote, a control character). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNESCAPED_INVALID = /["\u0000-\u001f]/;

interface TextChunk {
  jsonrpc: "2.0";
  method: "session/update";
  params: {
    sessionId: string;
    update: { sessionUpdate: string; content: { type: "text"; text: string } };
  };
}

/** One template: a learned text chunk's envelope, and how to build its messages. */
export class ChunkTemplate implements LineEnvelope {
  readonly sessionId: string;
  readonly sessionUpdate: string;

  constructor(
    /** The line up to the text's opening quote, and from its closing quote on. */
    readonly prefix: string,
    readonly suffix: string,
    /** The message the template was learned from (its text is not used). */
    private readonly shape: TextChunk,
    /** The message with another text, its keys in the shape's order. */
    private readonly build: (shape: TextChunk, text: string) => AnyMessage,
  ) {
    this.sessionId = shape.params.sessionId;
    this.sessionUpdate = shape.params.update.sessionUpdate;
  }

  /** The message of a line of this template whose text is `text`. */
  message(text: string): AnyMessage {
    return this.build(this.shape, text);
  }
}

/**
 * A stream's text chunks without `JSON.parse`. An agent streams its answer as thousands of
 * `session/update` lines that differ only in their text; once one has been parsed, the next
 * ones are recognised by the characters before and after the text, and the message is the
 * first's with the other text. Exact, not a guess: a template is learned only from a parsed
 * message with nothing but the fields of a text chunk, as `JSON.stringify` writes it (so no
 * whitespace, no duplicate key), and a line matches only when what lies between the two is
 * one valid JSON string — such a line parses to that message and nothing else. Every other
 * line (another shape, spacing, `_meta`, an invalid string) is parsed as before.
 */
export class TextChunkTemplates {
  private readonly templates: ChunkTemplate[] = [];
  private misses = 0;
  /** After a match: its template, the text as the line writes it, and the text. */
  envelope: ChunkTemplate | undefined;
  body = "";
  text = "";

  /** The message `line` parses to, when it is a known template's with its own text. */
  match(line: string): AnyMessage | undefined {
    return this.matches(line) ? this.envelope!.message(this.text) : undefined;
  }

  /**
   * Whether `line` is a known template's with its own text (a valid JSON string): then
   * `envelope`, `body` and `text` say which and what, and no message is built yet.
   */
  matches(line: string): boolean {
    const templates = this.templates;
    for (let i = 0; i < templates.length; i++) {
      const template = templates[i]!;
      const { prefix, suffix } = template;
      const end = line.length - suffix.length;
      if (end < prefix.length) continue;
      // Compared as equal strings: faster on V8 than startsWith/endsWith for ~130 characters.
      if (line.substring(0, prefix.length) !== prefix) continue;
      if (line.substring(end) !== suffix) continue;
      const body = line.substring(prefix.length, end);
      const text = stringBody(body);
      if (text === undefined) return false;
      this.envelope = template;
      this.body = body;
      this.text = text;
      return true;
    }
    return false;
  }

  /** Learns `line`'s template when `message` (parsed from it) is a text chunk written plainly. */
  learn(message: object, line: string): void {
    if (this.misses >= MAX_MISSES || !isTextChunk(message)) return;
    const serialised = JSON.stringify(withText(message, MARK));
    const at = serialised.indexOf(MARK_LITERAL);
    // The session id could hold the mark too: then where the text is is not certain.
    if (at === -1 || serialised.indexOf(MARK_LITERAL, at + 1) !== -1) return;
    const prefix = serialised.slice(0, at + 1);
    const suffix = serialised.slice(at + MARK_LITERAL.length - 1);
    if (!line.startsWith(prefix) || !line.endsWith(suffix)) {
      this.misses++;
      return;
    }
    if (this.templates.length === MAX_TEMPLATES) this.templates.pop();
    const build = JSON.stringify(message) === canonical(message) ? canonicalWithText : withText;
    this.templates.unshift(new ChunkTemplate(prefix, suffix, message, build));
  }
}

/**
 * The text a JSON string's body (between its quotes) spells, or undefined when it is not a
 * valid one: an unescaped quote or control character, a bad escape.
 */
export function stringBody(body: string): string | undefined {
  if (!body.includes("\\")) return UNESCAPED_INVALID.test(body) ? undefined : body;
  try {
    // One string token: a quote inside that is not escaped ends it, and the rest is invalid.
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return undefined;
  }
}

/**
 * `shape` with `text` where its keys are in the order the SDK and most agents write them:
 * literals, which V8 allocates with their final layout (~2x faster than four spreads).
 */
function canonicalWithText(shape: TextChunk, text: string): AnyMessage {
  const { params } = shape;
  return {
    jsonrpc: "2.0",
    method: "session/update",
    params: {
      sessionId: params.sessionId,
      update: { sessionUpdate: params.update.sessionUpdate, content: { type: "text", text } },
    },
  };
}

/** `shape` serialised as canonicalWithText would build it. */
function canonical(shape: TextChunk): string {
  return JSON.stringify(canonicalWithText(shape, shape.params.update.content.text));
}

/** `shape` with `text`, its keys in its order (a spread keeps the order, and a key's place). */
function withText(shape: TextChunk, text: string): AnyMessage {
  const { params } = shape;
  const { update } = params;
  return {
    ...shape,
    params: { ...params, update: { ...update, content: { ...update.content, text } } },
  };
}

/** Exactly a streamed text chunk's fields, no more (no id, no `_meta`), of the right types. */
function isTextChunk(message: object): message is TextChunk {
  const m = message as Record<string, unknown>;
  if (m.method !== "session/update" || m.jsonrpc !== "2.0" || !hasKeys(m, 3)) return false;
  const params = m.params as Record<string, unknown> | null;
  if (typeof params !== "object" || params === null || !hasKeys(params, 2)) return false;
  if (typeof params.sessionId !== "string") return false;
  const update = params.update as Record<string, unknown> | null;
  if (typeof update !== "object" || update === null || !hasKeys(update, 2)) return false;
  if (typeof update.sessionUpdate !== "string" || !STREAMED.has(update.sessionUpdate)) return false;
  const content = update.content as Record<string, unknown> | null;
  if (typeof content !== "object" || content === null || !hasKeys(content, 2)) return false;
  return content.type === "text" && typeof content.text === "string";
}

/** An object (not an array) with exactly `count` own keys. */
function hasKeys(value: object, count: number): boolean {
  return !Array.isArray(value) && Object.keys(value).length === count;
}
