import type { ClientCapabilities } from "@agentclientprotocol/sdk";

type Caps = Record<string, unknown>;
const isObj = (v: unknown): v is Caps => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A caller's client capabilities narrowed to what acpgate serves: a capability acpgate
 * serves (`fs`, `terminal`) is kept only as far as both offer it; what acpgate does not
 * serve itself (`auth`, `_meta`, …) passes through as the caller offered it.
 */
export function narrowCapabilities(
  offered: ClientCapabilities,
  served: ClientCapabilities,
): ClientCapabilities {
  return narrow(offered, served, ["fs", "terminal"]);
}

function narrow(offered: Caps, served: Caps, governed?: readonly string[]): Caps {
  const out: Caps = {};
  for (const [key, value] of Object.entries(offered)) {
    const limit = served[key];
    if (governed && !governed.includes(key)) out[key] = value;
    else if (typeof value === "boolean") out[key] = value && limit === true;
    else if (isObj(value)) out[key] = isObj(limit) ? narrow(value, limit) : {};
  }
  for (const key of governed ?? [])
    if (!(key in out) && typeof served[key] === "boolean") out[key] = false;
  return out;
}
