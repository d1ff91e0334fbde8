import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { DoctorReport } from "../../src/surfaces/cli/doctorReport.js";
import { formatDoctorReport, formatDoctorTable } from "../../src/surfaces/cli/doctorPrinter.js";
import { startMockLlm, type MockLlm } from "../support/mockLlm.js";
import { noProcessWithEnv } from "../support/processes.js";
import { node22Path, prepareAgentHome, REAL_AGENT_MAIN, REPO_ROOT } from "../support/realAgents.js";
import { jsonLines } from "../support/cli.js";
import { CLI } from "../support/swapRehearsal.js";
import { spawn } from "node:child_process";

// `acpgate agents doctor` on the documented example config (docs/examples/acpgate.mock.yaml),
// with its port and agent homes pointed at this test's mock, the way a user would run it.

function doctor(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, "agents", "doctor", ...args], {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.on("close", (code) => resolve({ code, stdout }));
  });
}

void describe("acpgate agents doctor", () => {
  let mock: MockLlm;
  let root: string;
  let config: string;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    mock = await startMockLlm();
    root = mkdtempSync(join(tmpdir(), "acpgate-doctor-"));
    const example = readFileSync(join(REPO_ROOT, "docs/examples/acpgate.mock.yaml"), "utf8");
    prepareAgentHome("claude", join(root, "claude"));
    prepareAgentHome("gemini", join(root, "gemini"));
    prepareAgentHome("codex", join(root, "codex"));
    prepareAgentHome("opencode", join(root, "opencode"));
    config = join(root, "acpgate.yaml");
    writeFileSync(
      config,
      example
        .replaceAll("http://127.0.0.1:8787", mock.url)
        .replaceAll("/tmp/acpgate-mock-home", root),
    );
    // The bins run on the first `node` on PATH: a Node 22 one, as claude-agent-acp 0.101 wants.
    const bins = [
      dirname(node22Path()),
      dirname(REAL_AGENT_MAIN.opencode),
      join(REPO_ROOT, "node_modules/.bin"),
    ];
    env = { ...process.env, PATH: [...bins, process.env.PATH ?? ""].join(":") };
  });
  after(async () => {
    await mock.close();
    rmSync(root, { recursive: true, force: true });
  });

  void test("--all --json: the matrix of demo, claude, codex, gemini and opencode, then nothing left running", async () => {
    const { code, stdout } = await doctor(
      ["--all", "--json", "--config", config, "--cwd", root],
      env,
    );
    // JSON Lines: one report a line, in catalogue order.
    const reports = jsonLines(stdout) as unknown as DoctorReport[];
    assert.deepEqual(
      reports.map((r) => [r.agentId, r.ok, r.processGone, r.error]),
      [
        ["claude", true, true, null],
        ["codex", true, true, null],
        ["demo", true, true, null],
        ["gemini", true, true, null],
        ["opencode", true, true, null],
      ],
    );
    assert.equal(code, 0);
    const [claude, codex, , gemini, opencode] = reports as [
      DoctorReport,
      DoctorReport,
      DoctorReport,
      DoctorReport,
      DoctorReport,
    ];
    // The built-ins refined by env alone: the catalogue started them.
    assert.deepEqual(codex.modes.available, [
      "read-only",
      "workspace-write",
      "agent",
      "agent-full-access",
    ]);
    assert.deepEqual(opencode.modes.available, ["build", "plan"]);
    assert.equal(claude.schema, "acpgate.doctor.v1");
    assert.equal(claude.agent.name, "@agentclientprotocol/claude-agent-acp");
    assert.deepEqual(claude.session, {
      load: true,
      resume: true,
      list: true,
      close: true,
      fork: true,
    });
    assert.deepEqual(claude.auth, { method: "gateway", ok: true });
    assert.deepEqual(
      claude.authMethods.map((m) => m.id),
      ["gateway", "gateway-bedrock"],
    );
    assert.equal(claude.modes.via, "config_option");
    assert.deepEqual(claude.modes.available, ["default", "acceptEdits", "plan", "auto"]);
    assert.deepEqual((claude.clientCapabilities.advertised as { auth?: unknown }).auth, {
      _meta: { gateway: true },
    });
    // claude 0.101 sends its auth status as a vendor notification; it calls nothing.
    assert.deepEqual(claude.clientCapabilities.used, ["_auth/status_update"]);
    // Its own mode at session/new (`auto`), then acpgate's switch to `plan` for read-only.
    assert.deepEqual(
      claude.timings.map((t) => [t.step, t.method]),
      [
        ["initialize", undefined],
        ["authenticate", undefined],
        ["session/new", undefined],
        ["set_mode", "session/set_config_option"],
        ["close", undefined],
      ],
    );
    assert.deepEqual(
      [claude.modes.agentDefault, claude.modes.current, claude.policy],
      ["auto", "plan", { name: "read-only", posture: "read-only", mode: "plan", switched: true }],
    );
    assert.equal(gemini.agent.name, "gemini-cli");
    assert.equal(gemini.prompt.audio, true);
    assert.equal(gemini.modes.via, "modes");
    assert.ok(gemini.authMethods.some((m) => m.id === "gateway"));
    assert.deepEqual(gemini.auth, { method: "gateway", ok: true });
    assert.deepEqual(
      [gemini.modes.agentDefault, gemini.modes.current, gemini.policy.mode],
      ["default", "plan", "plan"],
    );
    assert.equal(gemini.timings.find((t) => t.step === "set_mode")?.method, "session/set_mode");
    // No model call is needed to probe an agent.
    assert.equal(mock.requests.filter((r) => r.kind === "anthropic.messages").length, 0);
    assert.deepEqual(await noProcessWithEnv("HOME", root), []);

    const table = formatDoctorTable(reports);
    assert.match(table.split("\n")[0] ?? "", /^agent\s+ok\s+version\s+proto\s+load/);
    assert.match(formatDoctorReport(claude), /auth\s+gateway: ok/);
  });

  void test("usage errors exit 2; an agent that cannot start fails at start", async () => {
    assert.equal((await doctor([], env)).code, 2);
    assert.equal((await doctor(["demo", "--all"], env)).code, 2);
    const missing = join(root, "missing.yaml");
    writeFileSync(missing, "agents:\n  ghost: { command: /nonexistent/agent }\n");
    const { code, stdout } = await doctor(["ghost", "--json", "--config", missing], env);
    const report = JSON.parse(stdout) as DoctorReport;
    assert.equal(code, 1);
    assert.deepEqual(
      [report.ok, report.error?.step, report.error?.code, report.processGone],
      [false, null, "agent_spawn_failed", true],
    );
  });

  void test("a wrong auth method: exit 1, the failing step and the agent's reason", async () => {
    const wrong = join(root, "wrong.yaml");
    writeFileSync(wrong, readFileSync(config, "utf8").replace("method: gateway", "method: nope"));
    const { code, stdout } = await doctor(["claude", "--config", wrong, "--cwd", root], env);
    assert.equal(code, 1);
    assert.match(stdout, /status\s+FAILED at authenticate/);
    assert.match(stdout, /Unsupported authentication method: nope.*offered methods: gateway,/);
    assert.match(stdout, /process\s+gone after close/);
  });
});
