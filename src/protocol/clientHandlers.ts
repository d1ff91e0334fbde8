import type { JsonRpcId } from "@agentclientprotocol/sdk";
import type { ClientMethods } from "./clientMethods.js";
import type { TappedRun } from "./tap.js";

/** What the connection knows of an inbound request besides its params. */
export interface InboundCall {
  /** The agent's JSON-RPC id, for records that quote the message as it was on the wire. */
  readonly requestId: JsonRpcId | undefined;
}

/** What the client side answers when the agent calls it. Params arrive validated by the SDK. */
export interface ClientHandlers extends ClientMethods<InboundCall> {
  /**
   * `session/update` params exactly as they came off the wire (the SDK never sees them, so
   * nothing is stripped). Not validated: the receiver normalises defensively.
   */
  sessionUpdate(params: unknown): void;
  /**
   * Optional: whether the receiver takes a run of streamed text chunks (TappedRun) whole,
   * without a `sessionUpdate` for each. No side effect: `sessionUpdateRun` follows a yes.
   */
  takesUpdateRun?(run: TappedRun): boolean;
  sessionUpdateRun?(run: TappedRun): void;
  /**
   * Any other inbound request, `_`-prefixed or not. Returning `undefined` answers `{}`;
   * throw a `RequestError` to answer an error (-32601 for methods nobody accepts).
   */
  extensionRequest(
    method: string,
    params: unknown,
    call: InboundCall,
    signal: AbortSignal,
  ): Promise<unknown>;
  /** Any other inbound notification. */
  extensionNotification(method: string, params: unknown): void;
}
