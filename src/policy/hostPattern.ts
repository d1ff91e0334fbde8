/**
 * The hosts a sandboxed agent may reach through acpgate's egress proxy. A pattern is a host
 * name (`api.anthropic.com`), a wildcard for its subdomains (`*.openai.com`, which does not
 * match `openai.com` itself), or an IP literal (`127.0.0.1`, `[::1]`), each optionally with a
 * `:port` (any port when none). Names compare case-insensitively, without a trailing dot.
 */

export interface HostPattern {
  /** Lowercase; `*.` kept in front for a wildcard. */
  host: string;
  port?: number;
}

const LABEL = /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** Parses one pattern; a message saying what is wrong when it is not one. */
export function parseHostPattern(text: string): HostPattern | string {
  const match = /^(\[[0-9a-f:.]+\]|[^:]+)(?::(\d{1,5}))?$/i.exec(text.trim());
  if (!match?.[1]) return `'${text}' is not host[:port]`;
  const host = normaliseHost(match[1]);
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return `'${text}': port out of range`;
  const name = host.startsWith("*.") ? host.slice(2) : host;
  const valid = name.startsWith("[") || name.split(".").every((label) => LABEL.test(label));
  if (!valid) return `'${text}' is not a host name, '*.' and a domain, or an IP address`;
  return port === undefined ? { host } : { host, port };
}

/** Whether `host:port` (as a client asked for it) is allowed by one of `patterns`. */
export function hostAllowed(patterns: readonly HostPattern[], host: string, port: number): boolean {
  const asked = normaliseHost(host);
  return patterns.some((p) => {
    if (p.port !== undefined && p.port !== port) return false;
    if (p.host.startsWith("*.")) return asked.endsWith(p.host.slice(1));
    return asked === p.host;
  });
}

function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, "");
}
