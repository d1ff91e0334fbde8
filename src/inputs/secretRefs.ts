import { AcpgateError } from "../util/errors.js";

/**
 * `${secret:NAME}` inside a configured string (MCP env/header values, agent `env` values,
 * auth `meta` strings) stands for the secret's value. `$${` writes a literal `${`.
 */
const REF = /\$(\$?)\{secret:([^}]*)\}/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Names referenced in a string, in order of first appearance. */
export function secretRefsIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(REF)) {
    if (match[1]) continue;
    const name = checkName(match[2] ?? "");
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** The string with every reference replaced by its value (all must be in `values`). */
export function substituteSecrets(text: string, values: Record<string, string>): string {
  return text.replace(REF, (_whole, escaped: string, name: string) => {
    if (escaped) return `\${secret:${name}}`;
    const value = values[checkName(name)];
    if (value === undefined) {
      throw new AcpgateError("secret_missing", `secret '${name}' was not resolved`, {
        secret: name,
      });
    }
    return value;
  });
}

/** Every string found anywhere in a JSON-like value (for auth `meta`). */
export function secretRefsDeep(value: unknown): string[] {
  const names = new Set<string>();
  visitStrings(value, (text) => secretRefsIn(text).forEach((n) => names.add(n)));
  return [...names];
}

/** A copy of a JSON-like value with every string substituted. */
export function substituteDeep<T>(value: T, values: Record<string, string>): T {
  if (typeof value === "string") return substituteSecrets(value, values) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => substituteDeep(v, values)) as T;
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, substituteDeep(v, values)]),
    ) as T;
  }
  return value;
}

function visitStrings(value: unknown, visit: (text: string) => void): void {
  if (typeof value === "string") visit(value);
  else if (Array.isArray(value)) value.forEach((v) => visitStrings(v, visit));
  else if (typeof value === "object" && value !== null)
    Object.values(value).forEach((v) => visitStrings(v, visit));
}

function checkName(name: string): string {
  if (!NAME.test(name)) {
    throw new AcpgateError(
      "config_invalid",
      `invalid secret reference '\${secret:${name}}': a name is letters, digits and _`,
      { secret: name },
    );
  }
  return name;
}
