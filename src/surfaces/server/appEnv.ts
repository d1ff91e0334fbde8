import type { Principal } from "./tokens.js";

/** What middleware puts on every request's context. */
export interface AppEnv {
  Variables: {
    /** Set on every authenticated route. */
    principal: Principal;
    /** Minted (or taken from `X-Request-Id`) for every request; returned in a header. */
    requestId: string;
  };
}
