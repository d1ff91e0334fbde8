import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { DoctorReport } from "../../src/surfaces/cli/doctorReport.js";
import { groupAlive } from "../../src/util/processGroup.js";
import { FIXTURES, runCli } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";

// `agents doctor` tells the agent's own mode from the one acpgate sets under the policy, times
// the switch, and says truthfully where a probe failed and whether anything is left running.

async function doctor(
  args: string[],
  cwd: string,
): Promise<{ code: number | null; report: DoctorReport; stdout: string }> {
  const result = await runCli(["agents", "doctor", ...args], { cwd });
  const json = args.includes("--json");
  return {
    code: result.code,
    stdout: result.stdout,
    report: (json ? JSON.parse(result.stdout) : undefined) as DoctorReport,
  };
}

function probeAgents(dir: string, pids: string): string {
  const entry = (scenario: string, modes: string): string[] => [
    `  ${scenario.replace(/[/_]/g, "-")}:`,
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: [${JSON.stringify(join(FIXTURES, "probeAgent.js"))}, ${JSON.stringify(scenario)}]`,
    `    env: { PROBE_AGENT_PIDS: ${JSON.stringify(pids)} }`,
    `    modes: ${modes}`,
  ];
  const config = join(dir, "acpgate.yaml");
  writeFileSync(
    config,
    [
      "agents:",
      ...entry("die-at-initialize", "{ readonly: read-only }"),
      ...entry("die-at-session/new", "{ readonly: read-only }"),
      ...entry("die-at-set_mode", "{ readonly: read-only }"),
      // No mode mapped to read-only and it writes itself: the policy refuses to start it.
      ...entry("writes-anyway", "{}"),
      "",
    ].join("\n"),
  );
  return config;
}

void test("demo: its own mode, the mode each policy sets, and the switch in the timings", async () => {
  const ws = tempDir();
  try {
    const ro = await doctor(["demo", "--json"], ws.dir);
    assert.equal(ro.code, 0);
    assert.equal(ro.report.modes.agentDefault, "ask");
    assert.equal(ro.report.modes.current, "ask");
    assert.deepEqual(ro.report.policy, {
      name: "read-only",
      posture: "read-only",
      mode: "ask",
      switched: false,
    });
    assert.deepEqual(
      ro.report.timings.map((t) => t.step),
      ["initialize", "session/new", "close"],
    );

    const ww = await doctor(["demo", "--json", "--policy", "workspace-write"], ws.dir);
    assert.equal(ww.code, 0);
    // The agent answered `ask` at session/new; acpgate then put it in `code`.
    assert.equal(ww.report.modes.agentDefault, "ask");
    assert.equal(ww.report.modes.current, "code");
    assert.deepEqual(ww.report.policy, {
      name: "workspace-write",
      posture: "workspace-write",
      mode: "code",
      switched: true,
    });
    assert.deepEqual(
      ww.report.timings.map((t) => [t.step, t.ok, t.method]),
      [
        ["initialize", true, undefined],
        ["session/new", true, undefined],
        ["set_mode", true, "session/set_mode"],
        ["close", true, undefined],
      ],
    );

    const text = await doctor(["demo", "--policy", "workspace-write"], ws.dir);
    assert.match(text.stdout, /^agent's mode {3}ask \(its own, at session\/new\)$/m);
    assert.match(text.stdout, /^policy {9}workspace-write \(workspace-write\): sets mode code$/m);
    assert.match(text.stdout, /set_mode \d+ ms \(session\/set_mode\)/);
    assert.equal((await doctor(["demo", "--policy", "nope"], ws.dir)).code, 2);
  } finally {
    ws.cleanup();
  }
});

void test("an agent that dies mid-probe: the step it died in, and its process group really gone", async () => {
  const ws = tempDir();
  const pids = join(ws.dir, "pids.json");
  const config = probeAgents(ws.dir, pids);
  try {
    for (const [id, step] of [
      ["die-at-initialize", "initialize"],
      ["die-at-session-new", "session/new"],
      ["die-at-set-mode", "set_mode"],
    ] as const) {
      const { code, report } = await doctor([id, "--json", "--config", config], ws.dir);
      assert.equal(code, 1, id);
      assert.deepEqual(
        [report.ok, report.error?.step, report.error?.code, report.processGone],
        [false, step, "agent_exited", true],
        `${id}: ${JSON.stringify(report.error)}`,
      );
      const { agent, grandchild } = JSON.parse(readFileSync(pids, "utf8")) as Record<
        string,
        number
      >;
      assert.ok(agent !== undefined && !groupAlive(agent), `${id}: group of ${agent} gone`);
      assert.ok(grandchild !== undefined && !isRunning(grandchild), `${id}: grandchild gone`);
    }
    const died = (await doctor(["die-at-set-mode", "--json", "--config", config], ws.dir)).report;
    assert.equal(died.modes.agentDefault, "auto");
    assert.deepEqual(died.policy, {
      name: "read-only",
      posture: "read-only",
      mode: "readonly",
      switched: false,
    });
    assert.deepEqual(
      died.timings.map((t) => [t.step, t.ok]),
      [
        ["initialize", true],
        ["session/new", true],
        ["set_mode", false],
      ],
    );

    const refused = await doctor(["writes-anyway", "--json", "--config", config], ws.dir);
    assert.equal(refused.code, 1);
    assert.deepEqual(
      [refused.report.error?.step, refused.report.error?.code, refused.report.processGone],
      ["policy", "capability_missing", true],
    );
    assert.equal(refused.report.modes.agentDefault, "auto");
  } finally {
    ws.cleanup();
  }
});

/** Alive and not a zombie (a zombie is gone: only its exit status is left to collect). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}
