import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { DoctorReport } from "../../src/surfaces/cli/doctorReport.js";
import { FIXTURES, runCli } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";

// `agents doctor` resolves an agent's secrets through the credential broker, as `run` does:
// an agent with `secrets:` is probed with them in its environment, and one whose secret
// cannot be read is a failed row of the table, not the end of the command.

const KEY = "doctor-planted-key-8c1f";

function workspace(): { dir: string; out: string; config: string; cleanup(): void } {
  const ws = tempDir();
  const out = join(ws.dir, "echo.json");
  const agent = (secret: string): string[] => [
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: [${JSON.stringify(join(FIXTURES, "echoInputsAgent.js"))}]`,
    `    env: { ECHO_INPUTS_OUT: ${JSON.stringify(out)} }`,
    `    secrets: [${secret}]`,
    `    fileAccess: client`,
  ];
  const config = join(ws.dir, "acpgate.yaml");
  writeFileSync(
    config,
    [
      "agents:",
      "  keyed:",
      ...agent("DOCTOR_KEY"),
      "  unkeyed:",
      ...agent("ABSENT_KEY"),
      "secrets:",
      "  DOCTOR_KEY: { from: env, var: DOCTOR_TEST_SOURCE }",
      "  ABSENT_KEY: { from: env, var: DOCTOR_TEST_NOT_SET }",
      "",
    ].join("\n"),
  );
  return { ...ws, out, config };
}

const env = { ...process.env, DOCTOR_TEST_SOURCE: KEY, DOCTOR_TEST_NOT_SET: "" };

test("doctor of an agent with secrets: resolved by the broker, in the agent's env, never printed", async () => {
  const ws = workspace();
  try {
    const result = await runCli(["agents", "doctor", "keyed", "--json"], { cwd: ws.dir, env });
    assert.equal(result.code, 0, result.stderr + result.stdout);
    const report = JSON.parse(result.stdout) as DoctorReport;
    assert.deepEqual([report.ok, report.error, report.processGone], [true, null, true]);
    const seen = JSON.parse(readFileSync(ws.out, "utf8")) as { env: Record<string, string> };
    assert.equal(seen.env.DOCTOR_KEY, KEY);
    assert.ok(!result.stdout.includes(KEY) && !result.stderr.includes(KEY), "secret printed");
  } finally {
    ws.cleanup();
  }
});

test("doctor --all: an unresolvable secret fails its row; the table still lists every agent", async () => {
  const ws = workspace();
  try {
    const result = await runCli(["agents", "doctor", "--all"], { cwd: ws.dir, env });
    assert.equal(result.code, 1, result.stderr + result.stdout);
    const rows = result.stdout.split("\n");
    assert.match(rows[0] ?? "", /^agent\s+ok\s+version/);
    assert.match(result.stdout, /^demo\s+✓/m);
    assert.match(result.stdout, /^keyed\s+✓/m);
    assert.match(result.stdout, /^unkeyed\s+✗/m);
    assert.match(result.stdout, /^! unkeyed: .*ABSENT_KEY.*DOCTOR_TEST_NOT_SET/m);

    const json = await runCli(["agents", "doctor", "unkeyed", "--json"], { cwd: ws.dir, env });
    assert.equal(json.code, 1, json.stderr);
    const report = JSON.parse(json.stdout) as DoctorReport;
    assert.deepEqual(
      [report.ok, report.error?.step, report.error?.code, report.processGone, report.timings],
      [false, "inputs", "secret_missing", true, []],
    );
  } finally {
    ws.cleanup();
  }
});
