#!/usr/bin/env node
import { parseArgs } from "node:util";
import { startMockLlm } from "./mockLlm.js";
import { prepareAgentHome, REAL_AGENT_MAIN, type RealAgentId } from "./realAgents.js";

/**
 * Runs the mock LLM in the foreground for manual use with docs/examples/acpgate.mock.yaml:
 *   node dist/test/support/mockLlmMain.js [--port 8787] [--homes /tmp/acpgate-mock-home]
 * It prepares one offline HOME per real agent under --homes and logs each request to stderr.
 */
const { values } = parseArgs({
  options: { port: { type: "string" }, homes: { type: "string" }, quiet: { type: "boolean" } },
});
const homes = values.homes ?? "/tmp/acpgate-mock-home";
for (const id of Object.keys(REAL_AGENT_MAIN) as RealAgentId[])
  prepareAgentHome(id, `${homes}/${id}`);
const mock = await startMockLlm({
  port: Number(values.port ?? 8787),
  onRequest: (r) => {
    if (values.quiet) return;
    const reply = r.reply ? (r.reply.type === "tool" ? `→ tool ${r.reply.name}` : "→ text") : "";
    process.stderr.write(`${r.kind} ${r.method} ${r.path} ${r.model ?? ""} ${reply}\n`);
  },
});
process.stdout.write(`mock LLM on ${mock.url} (agent homes under ${homes})\n`);
const stop = (): void => void mock.close().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
