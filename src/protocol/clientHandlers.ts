import type {
  CreateTerminalRequest,
  CreateTerminalResponse,
  KillTerminalRequest,
  ReadTextFileRequest,
  ReadTextFileResponse,
  ReleaseTerminalRequest,
  RequestPermissionRequest,
  RequestPermissionResponse,
  TerminalOutputRequest,
  TerminalOutputResponse,
  WaitForTerminalExitRequest,
  WaitForTerminalExitResponse,
  WriteTextFileRequest,
} from "@agentclientprotocol/sdk";

/** What the client side answers when the agent calls it. Params arrive validated. */
export interface ClientHandlers {
  requestPermission(
    params: RequestPermissionRequest,
    signal: AbortSignal,
  ): Promise<RequestPermissionResponse>;
  readTextFile(params: ReadTextFileRequest, signal: AbortSignal): Promise<ReadTextFileResponse>;
  writeTextFile(params: WriteTextFileRequest, signal: AbortSignal): Promise<void>;
  createTerminal(
    params: CreateTerminalRequest,
    signal: AbortSignal,
  ): Promise<CreateTerminalResponse>;
  terminalOutput(
    params: TerminalOutputRequest,
    signal: AbortSignal,
  ): Promise<TerminalOutputResponse>;
  waitForTerminalExit(
    params: WaitForTerminalExitRequest,
    signal: AbortSignal,
  ): Promise<WaitForTerminalExitResponse>;
  killTerminal(params: KillTerminalRequest, signal: AbortSignal): Promise<void>;
  releaseTerminal(params: ReleaseTerminalRequest, signal: AbortSignal): Promise<void>;
  /**
   * `session/update` params exactly as they came off the wire (the SDK never sees them, so
   * nothing is stripped). Not validated: the receiver normalises defensively.
   */
  sessionUpdate(params: unknown): void;
  /**
   * Any other inbound request, `_`-prefixed or not. Returning `undefined` answers `{}`;
   * throw a `RequestError` to answer an error (-32601 for methods nobody accepts).
   */
  extensionRequest(
    method: string,
    params: unknown,
    signal: AbortSignal,
    /** The agent's JSON-RPC id, for records that quote the message as it was on the wire. */
    requestId?: string | number | null,
  ): Promise<unknown>;
  /** Any other inbound notification. */
  extensionNotification(method: string, params: unknown): void;
}
