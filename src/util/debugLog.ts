/**
 * Debug output for things that are normal but worth seeing when asked (an agent's
 * notification nobody handles). Off unless `ACPGATE_DEBUG` names the topic, or is `1`/`*`.
 * Goes to stderr: stdout may carry NDJSON.
 */
export function debugLog(topic: string, message: string): void {
  if (!debugEnabled(topic)) return;
  process.stderr.write(`acpgate debug [${topic}] ${message}\n`);
}

export function debugEnabled(topic: string): boolean {
  const setting = process.env.ACPGATE_DEBUG;
  if (!setting) return false;
  const topics = setting.split(",").map((t) => t.trim());
  return topics.includes("1") || topics.includes("*") || topics.includes(topic);
}
