#!/usr/bin/env node
// Runs every compiled *.test.js under dist/test with node's test runner.
// Files are listed explicitly: Node 20 treats every .js under a `test/` folder as a test,
// which would run fixtures and support code as tests.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { ensureNode22 } from "./node22.mjs";
import { ensureOpencode } from "./opencode.mjs";
import { ensureAcpx } from "./acpx.mjs";
import { ensureBwrap } from "./bwrap.mjs";
import { ensureChromium } from "./chromium.mjs";

// ACPGATE_TEST_ROOT: another tree of compiled tests (the runner's own test points it at a
// folder of planted hangs).
const root = process.env.ACPGATE_TEST_ROOT ?? "dist/test";
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
// A hang must end as a failure that says where it hung, not as a run that outlives CI's limit
// with nothing on record. Each file gets --test-timeout (node 20 applies it to the whole file),
// and the run as a whole a deadline; at the deadline the processes still running are printed,
// then the run's process group is killed and the run fails.
const minutes = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number of minutes`);
    process.exit(2);
  }
  return value;
};
const fileTimeoutMs = Math.round(minutes("ACPGATE_TEST_FILE_TIMEOUT_MIN", 15) * 60_000);
const deadlineMs = Math.round(minutes("ACPGATE_TEST_DEADLINE_MIN", 40) * 60_000);
const child = spawn(
  process.execPath,
  [
    "--test",
    `--test-concurrency=${concurrency}`,
    `--test-timeout=${fileTimeoutMs}`,
    "--test-reporter=spec",
    ...selected,
  ],
  { stdio: ["ignore", "inherit", "inherit"], detached: true },
);
// The processes below `top`, indented by depth, their command lines cut short: only the run's
// own, not the machine's (whose command lines may carry what no log should).
const runningUnder = (top) => {
  const ps = spawnSync("ps", ["-eo", "pid=,ppid=,etime=,args="], { encoding: "utf8" });
  const rows = (ps.stdout ?? "").split("\n").flatMap((line) => {
    const m = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    return m ? [{ pid: Number(m[1]), ppid: Number(m[2]), etime: m[3], args: m[4] }] : [];
  });
  const out = [];
  const walk = (pid, depth) => {
    for (const row of rows.filter((r) => r.ppid === pid)) {
      out.push(`${"  ".repeat(depth)}${row.pid} ${row.etime} ${row.args.slice(0, 200)}`);
      walk(row.pid, depth + 1);
    }
  };
  walk(top, 1);
  return out.length
    ? out.join("\n")
    : `  (nothing under pid ${top}${ps.error ? `: ${ps.error.message}` : ""})`;
};
const killGroup = (signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
};
// The runner leads its own process group (so that a stuck grandchild can be killed with it);
// a Ctrl-C or a TERM sent to this script is passed on to that group.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => killGroup(signal));
const deadline = setTimeout(() => {
  console.error(
    `\nerror: the tests did not finish in ${deadlineMs / 60_000} min ` +
      "(ACPGATE_TEST_DEADLINE_MIN); what was still running:",
  );
  console.error(runningUnder(child.pid));
  killGroup("SIGKILL");
  process.exit(1);
}, deadlineMs);
child.on("exit", (code) => {
  clearTimeout(deadline);
  killGroup("SIGKILL"); // whatever a test left behind in the group goes with the run
  process.exit(code ?? 1);
});
