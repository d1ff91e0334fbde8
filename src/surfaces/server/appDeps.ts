import type { Logger } from "../../audit/logger.js";
import type { Plane } from "../plane.js";
import type { Replica } from "../replicas/replica.js";
import type { ApprovalDesk } from "./approvalDesk.js";
import type { TokenRegistry } from "./tokens.js";

/** Options of the live event streams. */
export interface SseOptions {
  /** A comment line this often keeps proxies from closing an idle stream. Default 15 s. */
  heartbeatMs?: number;
  /** Frames a subscriber may have unread before it is disconnected. Default 2,000. */
  maxQueued?: number;
}

/** Everything the app stands on; `createApp` builds no core of its own. */
export interface AppDeps {
  plane: Plane;
  tokens: TokenRegistry;
  /** The approver of every session created here. */
  desk: ApprovalDesk;
  logger?: Logger;
  /** Largest request body accepted (413 above). Default 1 MiB. */
  maxBodyBytes?: number;
  sse?: SseOptions;
  /** The portal's built files (default dist/web/); false: no portal, the API only. */
  webRoot?: string | false;
  /** Set when this server is one replica of several on PostgreSQL (docs/deployment.md). */
  replica?: Replica;
  /** True once the server drains (SIGTERM): new sessions are refused with 503. */
  draining?: () => boolean;
}
