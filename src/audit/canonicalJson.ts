/**
 * JSON with object keys sorted and `undefined` members left out, so that one value has one
 * text wherever it is computed (SQLite, PostgreSQL, a verifier years later).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    return value === undefined ? "null" : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(",")}]`;
  const object = value as Record<string, unknown>;
  let out = "";
  for (const key of Object.keys(object).sort()) {
    const member = object[key];
    if (member === undefined) continue;
    out += `${out ? "," : ""}${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `{${out}}`;
}
