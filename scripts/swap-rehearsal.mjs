#!/usr/bin/env node
// The rehearsed swap: runs one scenario (a read, a refused write, a final answer — plus an
// allowed write when --allowed-write-policy is given) through `acpgate run --format json` on
// the demo agent and the real agent CLIs (offline, on the mock LLM), and diffs the transcripts.
//
//   npm run build && node scripts/swap-rehearsal.mjs [--agents demo,claude,gemini] [--json]
//
// ALLOWED WRITE (enable after the policy engine is merged):
//   node scripts/swap-rehearsal.mjs --allowed-write-policy NAME --policies-json FILE
// where FILE holds the `policies:` map (JSON) defining NAME so that writing allowed.txt is
// allowed and writing keep.txt is refused.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "demo,claude,gemini" },
    json: { type: "boolean" },
    "allowed-write-policy": { type: "string" },
    "policies-json": { type: "string" },
    keep: { type: "boolean" },
  },
});
const dist = new URL("../dist/test/support/", import.meta.url);
const { startMockLlm } = await import(new URL("mockLlm.js", dist).href);
const { rehearseSwap } = await import(new URL("swapRehearsal.js", dist).href);
const { formatSwapReport } = await import(new URL("swapReportText.js", dist).href);

const mock = await startMockLlm();
const workRoot = mkdtempSync(join(tmpdir(), "acpgate-swap-"));
const policy = values["allowed-write-policy"];
try {
  const report = await rehearseSwap({
    agents: values.agents
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    mockUrl: mock.url,
    workRoot,
    ...(policy
      ? {
          allowedWrite: {
            policy,
            policies: values["policies-json"]
              ? JSON.parse(readFileSync(values["policies-json"], "utf8"))
              : {},
          },
        }
      : {}),
  });
  const escapes = mock.requests.filter((r) => r.kind === "escape").map((r) => r.path);
  if (values.json) {
    const runs = report.runs.map(({ stderr: _stderr, ...run }) => run);
    process.stdout.write(
      JSON.stringify({ ...report, runs, refusedEscapes: escapes }, null, 2) + "\n",
    );
  } else {
    process.stdout.write(formatSwapReport(report));
    process.stdout.write(
      `mock LLM: ${mock.requests.length} requests; tools offered: ${mock.toolNamesSeen().length}; ` +
        `outbound attempts refused: ${escapes.length ? [...new Set(escapes)].join(", ") : "none"}\n`,
    );
  }
  process.exitCode = report.sameOutcome ? 0 : 1;
} finally {
  await mock.close();
  if (!values.keep) rmSync(workRoot, { recursive: true, force: true });
}
