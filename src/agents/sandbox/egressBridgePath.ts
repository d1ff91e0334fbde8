import { fileURLToPath } from "node:url";

/** The egress bridge's script (egressBridge.ts), next to this module in the build. */
export const EGRESS_BRIDGE_PATH = fileURLToPath(new URL("./egressBridge.js", import.meta.url));
