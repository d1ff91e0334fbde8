import type { Principal } from "./tokens.js";

/** What middleware puts on every request's context. */
export interface AppEnv {
  /**
   * What the server hands each request. `acpgateForwarded` is set only in-process, by a
   * replica serving a request another replica authenticated (docs/deployment.md): no HTTP
   * client can set it.
   */
  Bindings: { acpgateForwarded?: Principal } | undefined;
  Variables: {
    /** Set on every authenticated route. */
    principal: Principal;
    /** Minted (or taken from `X-Request-Id`) for every request; returned in a header. */
    requestId: string;
  };
}
