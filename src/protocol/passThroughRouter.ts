import { RequestError } from "@agentclientprotocol/sdk";
import type { ExtensionHost, ExtensionRouter } from "./extensionRouter.js";

/**
 * Standard client methods acpgate does not answer itself but hands to whoever it serves (an
 * editor): `elicitation/create` and `elicitation/complete` when the editor offers them.
 */
export interface PassThrough {
  /** Requests handed on; the answer (or the wire error) comes back as it was. */
  readonly requests: readonly string[];
  readonly notifications: readonly string[];
  request(method: string, params: unknown, signal: AbortSignal): Promise<unknown>;
  notify(method: string, params: unknown): void;
}

/**
 * An extension router that hands the pass-through methods on, recorded as accepted
 * `extension` events like any other, and leaves every other method to the dialect's router.
 */
export class PassThroughRouter implements ExtensionRouter {
  constructor(
    private readonly inner: ExtensionRouter,
    private readonly pass: PassThrough,
  ) {}

  async handleRequest(
    method: string,
    params: unknown,
    host: ExtensionHost,
    signal: AbortSignal,
  ): Promise<unknown> {
    if (!this.pass.requests.includes(method))
      return this.inner.handleRequest(method, params, host, signal);
    const raw = { jsonrpc: "2.0", id: host.requestId, method, params };
    const base = { type: "extension", method, kind: "request", dialect: "pass-through" } as const;
    try {
      const answer = await this.pass.request(method, params, signal);
      host.emit({ ...base, accepted: true, answer }, raw);
      return answer;
    } catch (error) {
      const wire =
        error instanceof RequestError
          ? error
          : RequestError.internalError(undefined, String(error));
      host.emit(
        { ...base, accepted: true, error: { code: wire.code, message: wire.message } },
        raw,
      );
      throw wire;
    }
  }

  handleNotification(method: string, params: unknown, host: ExtensionHost): void {
    if (!this.pass.notifications.includes(method))
      return this.inner.handleNotification(method, params, host);
    host.emit(
      { type: "extension", method, kind: "notification", accepted: true, dialect: "pass-through" },
      { jsonrpc: "2.0", method, params },
    );
    this.pass.notify(method, params);
  }

  cancelPending(): void {
    this.inner.cancelPending?.();
  }
}
