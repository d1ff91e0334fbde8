#!/usr/bin/env node
// Runs every compiled *.test.js under dist/test with node's test runner.
// Files are listed explicitly: Node 20 treats every .js under a `test/` folder as a test,
// which would run fixtures and support code as tests.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { ensureNode22 } from "./node22.mjs";
import { ensureOpencode } from "./opencode.mjs";
import { ensureAcpx } from "./acpx.mjs";
import { ensureBwrap } from "./bwrap.mjs";
import { ensureChromium } from "./chromium.mjs";

const root = "dist/test";
const filter = process.argv.slice(2);
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith(".test.js")) files.push(path);
  }
};
walk(root);
const selected = filter.length ? files.filter((f) => filter.some((p) => f.includes(p))) : files;
if (selected.length === 0) {
  console.error(`no test files matched under ${root}`);
  process.exit(1);
}
// Agent CLIs that need Node 22 (claude-agent-acp) are started with this one: installed once
// here, before the files run in parallel. test/support/realAgents.ts asks again if unset.
// opencode's native binary likewise (test/support/realAgents.ts). In CI a missing tool fails
// the run: a skipped agent test would pass for the wrong reason.
for (const [name, variable, ensure] of [
  ["Node 22", "ACPGATE_NODE22", ensureNode22],
  ["opencode", "ACPGATE_OPENCODE", ensureOpencode],
  ["acpx", "ACPGATE_ACPX", ensureAcpx],
]) {
  try {
    process.env[variable] = ensure();
  } catch (error) {
    console.error(
      `${process.env.CI ? "error" : "warning"}: ${error.message} (${name} tests fail or skip)`,
    );
    if (process.env.CI) process.exit(1);
  }
}
// The OS sandbox (docs/sandbox.md): its tests need bubblewrap. Other tests run unconfined
// unless they name a sandbox setting; their fixtures write pids and logs outside the workspace.
ensureBwrap();
process.env.ACPGATE_SANDBOX ??= "off";
// The portal's browser tests drive Debian's chromium (test/support/portalBrowser.ts): it is
// installed only when one of them runs, as it is large.
if (selected.some((f) => f.includes("portal")))
  process.env.ACPGATE_CHROMIUM = ensureChromium() ?? "";
const concurrency = process.env.TEST_CONCURRENCY ?? "3";
const result = spawnSync(
  process.execPath,
  ["--test", `--test-concurrency=${concurrency}`, "--test-reporter=spec", ...selected],
  { stdio: "inherit" },
);
process.exit(result.status ?? 1);
