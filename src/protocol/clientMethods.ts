import type {
  ClientRequestParamsByMethod,
  ClientRequestResponsesByMethod,
} from "@agentclientprotocol/sdk";

/**
 * The ACP client methods acpgate serves, on the SDK's own method-typed map. Everything that
 * handles them (the connection, the session, each guard of the chain) is typed from this
 * list, so adding a method means adding it here and implementing it where it is served.
 */
export const SERVED_CLIENT_METHODS = [
  "session/request_permission",
  "fs/read_text_file",
  "fs/write_text_file",
  "terminal/create",
  "terminal/output",
  "terminal/wait_for_exit",
  "terminal/kill",
  "terminal/release",
] as const;

export type ClientMethod = (typeof SERVED_CLIENT_METHODS)[number];
export type ClientParams<M extends ClientMethod> = ClientRequestParamsByMethod[M];
export type ClientResult<M extends ClientMethod> = ClientRequestResponsesByMethod[M];

/** One handler per served method; `C` is what the caller knows of the call. */
export type ClientMethods<C, M extends ClientMethod = ClientMethod> = {
  [K in M]: (params: ClientParams<K>, context: C, signal: AbortSignal) => Promise<ClientResult<K>>;
};

/** The client methods a workspace serves: all but permission requests. */
export type WorkspaceMethod = Exclude<ClientMethod, "session/request_permission">;
export const WORKSPACE_METHODS = SERVED_CLIENT_METHODS.filter(
  (m): m is WorkspaceMethod => m !== "session/request_permission",
);

/**
 * Installs a forwarder for each of `methods` on `target` (a class prototype): the method
 * calls the same method of `this[innerKey]`. A decorator class declares the methods through
 * an interface merge and overrides only what it changes.
 */
export function defineForwarders(
  target: object,
  methods: readonly ClientMethod[],
  innerKey: string,
): void {
  for (const method of methods) {
    Object.defineProperty(target, method, {
      configurable: true,
      writable: true,
      value(
        this: Record<string, Record<string, (...args: unknown[]) => unknown>>,
        ...args: unknown[]
      ) {
        return this[innerKey]![method]!(...args);
      },
    });
  }
}
