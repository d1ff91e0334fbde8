import type { Dialect } from "../../protocol/dialect.js";
import { AcpgateError } from "../../util/errors.js";
import { canonicalDialect } from "./canonical.js";
import { cursorDialect } from "./cursor.js";
import { vendorNotifications } from "./vendorNotifications.js";

/** Every dialect an agent entry may name with `dialect:`. Adding one: one file, one line. */
const DIALECTS: readonly Dialect[] = [canonicalDialect, cursorDialect];

export function dialectNames(): string[] {
  return DIALECTS.map((d) => d.name);
}

/** The dialect an entry names, with the shared vendor-notification layer. */
export function dialectFor(name: string, agentId?: string): Dialect {
  const dialect = DIALECTS.find((d) => d.name === name);
  if (!dialect) {
    throw new AcpgateError(
      "config_invalid",
      `unknown dialect '${name}'${agentId ? ` for agent '${agentId}'` : ""}; known: ${dialectNames().join(", ")}`,
      { dialect: name, agentId },
    );
  }
  return { ...dialect, vendorNotifications: dialect.vendorNotifications ?? vendorNotifications };
}
