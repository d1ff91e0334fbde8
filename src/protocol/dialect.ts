import type { z } from "zod";
import type { ExtensionEventBody } from "./extensionEvents.js";
import type { QuestionAnswer, QuestionRequest } from "./extensionQuestions.js";
import type { ConnectionContext } from "./extensionRouter.js";

/** What a dialect handler may use: immutable facts, an event sink, a way to ask a person. */
export interface DialectContext {
  readonly connection: ConnectionContext;
  readonly method: string;
  readonly signal: AbortSignal;
  /** Per-session scratch state for dialects that accumulate (Cursor todo merges). */
  readonly state: Map<string, unknown>;
  emit(event: ExtensionEventBody): void;
  /** Mints an id for a question (pending-question id). */
  newQuestionId(): string;
  /** Answers per configuration or a person; throws an `AcpgateError` to fail closed. */
  ask(request: QuestionRequest): Promise<QuestionAnswer>;
}

export interface RequestSpec {
  readonly params: z.ZodType;
  /** Returning `undefined` answers `{}`. */
  handle(params: unknown, context: DialectContext): unknown;
}

export interface NotificationSpec {
  readonly params: z.ZodType;
  handle(params: unknown, context: DialectContext): void;
}

/**
 * A dialect: the extension methods one agent family may send, each with a zod schema for
 * its params and a handler that turns them into normalised events and an answer. Pure
 * tables; the router owns dispatch, validation, errors and audit events.
 */
export interface Dialect {
  readonly name: string;
  readonly requests: Readonly<Record<string, RequestSpec>>;
  readonly notifications: Readonly<Record<string, NotificationSpec>>;
  /** Any other `_`-prefixed notification (the shared vendor layer); never answers requests. */
  readonly vendorNotifications?: NotificationSpec;
}

/** Declares a request method with typed params. */
export function requestMethod<S extends z.ZodType>(
  params: S,
  handle: (params: z.output<S>, context: DialectContext) => unknown,
): RequestSpec {
  return { params, handle: (value, context) => handle(value as z.output<S>, context) };
}

/** Declares a notification method with typed params. */
export function notificationMethod<S extends z.ZodType>(
  params: S,
  handle: (params: z.output<S>, context: DialectContext) => void,
): NotificationSpec {
  return { params, handle: (value, context) => handle(value as z.output<S>, context) };
}
