/**
 * JSON with object keys sorted and `undefined` members left out, so that one value has one
 * text wherever it is computed (SQLite, PostgreSQL, a verifier years later). On the append
 * path of every record: written as loops, not map/join (the text is the same).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    return value === undefined ? "null" : JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i ? "," : "") + canonicalJson(value[i]);
    return out + "]";
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object).sort();
  let out = "{";
  let first = true;
  for (const key of keys) {
    const member = object[key];
    if (member === undefined) continue;
    out += (first ? "" : ",") + JSON.stringify(key) + ":" + canonicalJson(member);
    first = false;
  }
  return out + "}";
}
