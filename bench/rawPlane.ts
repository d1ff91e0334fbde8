import { Catalogue } from "../src/agents/catalogue.js";
import { agentEntrySchema } from "../src/config/agentSchema.js";
import { readOnlySessionGuard } from "../test/support/readOnlyGuard.js";
import type { SessionGuard } from "../src/sessions/sessionGuard.js";
import { SessionManager } from "../src/sessions/sessionManager.js";

/**
 * A SessionManager whose catalogue has one agent, `raw`, run as `command args`, guarded by
 * `guard()` (the read-only foundation guard unless a scenario swaps in another).
 */
export function rawManager(
  command: string,
  args: string[],
  guard: () => SessionGuard = () => readOnlySessionGuard(),
): SessionManager {
  const catalogue = new Catalogue({
    agents: { raw: agentEntrySchema.parse({ command, args }) },
  });
  return new SessionManager({ catalogue, guardFor: () => guard() });
}
