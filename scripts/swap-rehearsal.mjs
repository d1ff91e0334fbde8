#!/usr/bin/env node
// The rehearsed swap: runs one scenario (a read, a refused write, a final answer — plus an
// allowed write with --allowed-write or --allowed-write-policy) through
// `acpgate run --format json` on the demo agent and the real agent CLIs (offline, on the mock
// LLM), and diffs the transcripts.
//
//   npm run build && node scripts/swap-rehearsal.mjs [--agents demo,claude,gemini] [--json]
//
// The allowed write, under the bundled policy `swap-write` (test/support/swapWritePolicy.ts):
//   node scripts/swap-rehearsal.mjs --allowed-write
// or under your own: --allowed-write-policy NAME --policies-json FILE, where FILE holds the
// `policies:` map (JSON) defining NAME so that writing allowed.txt is allowed and writing
// keep.txt is refused.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "demo,claude,gemini" },
    json: { type: "boolean" },
    "allowed-write": { type: "boolean" },
    "allowed-write-policy": { type: "string" },
    "policies-json": { type: "string" },
    keep: { type: "boolean" },
  },
});
const dist = new URL("../dist/test/support/", import.meta.url);
const { startMockLlm } = await import(new URL("mockLlm.js", dist).href);
const { rehearseSwap } = await import(new URL("swapRehearsal.js", dist).href);
const { formatSwapReport } = await import(new URL("swapReportText.js", dist).href);
const { SWAP_WRITE } = await import(new URL("swapWritePolicy.js", dist).href);

const mock = await startMockLlm();
const workRoot = mkdtempSync(join(tmpdir(), "acpgate-swap-"));
const policy = values["allowed-write-policy"];
const allowedWrite = policy
  ? {
      policy,
      policies: values["policies-json"]
        ? JSON.parse(readFileSync(values["policies-json"], "utf8"))
        : {},
    }
  : values["allowed-write"]
    ? SWAP_WRITE
    : undefined;
try {
  const report = await rehearseSwap({
    agents: values.agents
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    mockUrl: mock.url,
    workRoot,
    ...(allowedWrite ? { allowedWrite } : {}),
  });
  const escapes = mock.requests.filter((r) => r.kind === "escape").map((r) => r.path);
  if (values.json) {
    // Temp paths and stderr vary from run to run: left out of the JSON.
    const runs = report.runs.map(({ stderr: _stderr, workspace: _ws, ...run }) => run);
    const { config: _config, ...rest } = report;
    process.stdout.write(
      JSON.stringify({ ...rest, runs, refusedEscapes: escapes }, null, 2) + "\n",
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
