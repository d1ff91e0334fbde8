/**
 * The agent's own words inside a JSON-RPC error. SDKs put the real reason in `data`, not in
 * `message` ("Internal error" + `data.details`, "Invalid params" + zod's `data._errors`), so a
 * report that shows only `message` hides why the agent refused.
 */
export function wireErrorDetail(error: unknown): string {
  const data = (error as { data?: unknown } | null)?.data;
  if (data === undefined || data === null) return "";
  if (typeof data === "string") return clip(data);
  if (typeof data !== "object") return clip(JSON.stringify(data));
  const record = data as Record<string, unknown>;
  for (const key of ["details", "message", "reason"]) {
    const value = record[key];
    if (typeof value === "string" && value) return clip(value);
  }
  if (Array.isArray(record._errors) && record._errors.length)
    return clip(record._errors.map(String).join("; "));
  return clip(JSON.stringify(data));
}

function clip(text: string, max = 400): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
