import type { AuthMethod, ClientCapabilities } from "@agentclientprotocol/sdk";

/**
 * The auth methods acpgate advertises to one editor connection: none when the broker
 * authenticates the agent itself from configuration (`auth:` on the entry); otherwise the
 * real agent's, with `terminal` methods only for an editor that advertised
 * `auth.terminal`, blank ids dropped and each id once. Nothing of acpgate's configuration
 * (auth meta, secrets) is added: the methods are the agent's own.
 */
export function advertisedAuthMethods(options: {
  agentMethods: readonly AuthMethod[] | undefined;
  brokered: boolean;
  editor: ClientCapabilities | undefined;
}): AuthMethod[] {
  if (options.brokered) return [];
  const terminal = options.editor?.auth?.terminal === true;
  const seen = new Set<string>();
  const out: AuthMethod[] = [];
  for (const method of options.agentMethods ?? []) {
    const id = typeof method.id === "string" ? method.id.trim() : "";
    if (!id || seen.has(id)) continue;
    if ((method as { type?: string }).type === "terminal" && !terminal) continue;
    seen.add(id);
    out.push(method);
  }
  return out;
}
