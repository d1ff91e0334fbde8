import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { jsonLines, runCli } from "../support/cli.js";
import { agentResults, ORIGINAL, sandboxWorkspace } from "../support/sandboxWorkspace.js";

const CLI_TIMEOUT = 30_000;

function script(ws: { root: string }, shell: string) {
  return JSON.stringify({
    write: [
      "src/new.ts",
      ".git/config",
      ".git/evil",
      ".acpgate/token",
      "acpgate.yaml",
      join(ws.root, "outside.txt"),
    ],
    read: [join(ws.root, "secret.txt"), ".acpgate/token"],
    shell,
  });
}

test("terminals acpgate runs for a sandboxed agent are in its sandbox: .git/ stays read-only there too", async () => {
  const ws = sandboxWorkspace("required");
  try {
    // The command names no protected path (policy lets it run): only the OS stops the write.
    const prompt = JSON.stringify({
      shell: "printf 'echo t > src/t.txt\\necho x > .git/evil\\n' > src/go.sh",
      terminal: "sh src/go.sh",
    });
    const run = await ws.run(prompt);
    assert.equal(run.code, 0, run.stderr);
    const terminal = (agentResults(run.stdout) as { terminal?: { output?: string } }).terminal;
    assert.match(terminal?.output ?? "", /Read-only file system/, JSON.stringify(terminal));
    assert.equal(ws.read("src/t.txt"), "t\n");
    assert.ok(!existsSync(join(ws.dir, ".git/evil")));
  } finally {
    ws.cleanup();
  }
});

test("agents doctor reports the enforcement, in text and --json", async () => {
  const ws = sandboxWorkspace("required");
  try {
    const json = await runCli(["agents", "doctor", "selfw", "--json"], {
      cwd: ws.dir,
      env: ws.env(),
    });
    assert.equal(jsonLines(json.stdout)[0]?.enforcement, "sandbox", json.stdout + json.stderr);
    const text = await runCli(["agents", "doctor", "selfw"], { cwd: ws.dir, env: ws.env() });
    assert.match(text.stdout, /^enforcement\s+sandbox$/m);
  } finally {
    ws.cleanup();
  }
});

function startedOf(stdout: string): Record<string, unknown> | undefined {
  return jsonLines(stdout).find((e) => e.type === "session_started");
}

test("workspace-write in the sandbox: src/ is written, .git/, .acpgate/ and the config are not, secrets are not readable", async () => {
  const ws = sandboxWorkspace("required");
  try {
    const run = await ws.run(script(ws, "echo shell > src/shell.txt; echo x > .git/HEAD"));
    assert.equal(run.code, 0, run.stderr);
    const results = agentResults(run.stdout);
    assert.equal(results.write["src/new.ts"], "ok");
    assert.equal(ws.read("src/new.ts"), "written by the agent\n");
    assert.equal(
      ws.read("src/shell.txt"),
      "shell\n",
      "a command the agent runs writes in the workspace",
    );
    for (const name of Object.keys(ORIGINAL)) assert.equal(ws.read(name), ORIGINAL[name], name);
    assert.equal(ws.read("acpgate.yaml"), ws.config);
    for (const path of [".git/config", ".git/evil", ".acpgate/token", "acpgate.yaml"])
      assert.match(results.write[path] ?? "", /^error: /, path);
    assert.ok(!existsSync(join(ws.dir, ".git/evil")));
    assert.ok(!existsSync(join(ws.dir, ".git/HEAD")), "the shell cannot write in .git/ either");
    assert.ok(!existsSync(join(ws.root, "outside.txt")), "outside the workspace, /tmp is private");
    assert.doesNotMatch(run.stdout, /SECRET-VALUE-42/);
    assert.doesNotMatch(run.stdout, /acpgate's own/, ".acpgate/ is not visible");
    assert.equal(startedOf(run.stdout)?.enforcement, "sandbox");
    const audit = await runCli(["audit", "list", "--json"], { cwd: ws.dir, env: ws.env() });
    const started = jsonLines(audit.stdout).find((r) => r.kind === "session_started");
    assert.equal(
      (started?.data as { enforcement?: string } | undefined)?.enforcement,
      "sandbox",
      audit.stdout,
    );
  } finally {
    ws.cleanup();
  }
});

test("read-only in the sandbox: nothing in the workspace changes, and no read-only mode is needed", async () => {
  const ws = sandboxWorkspace("required");
  try {
    const run = await ws.run(script(ws, "echo shell > src/shell.txt"), { policy: "read-only" });
    assert.equal(run.code, 0, run.stderr);
    const results = agentResults(run.stdout);
    assert.match(results.write["src/new.ts"] ?? "", /EROFS/);
    assert.notEqual(results.shell?.status, 0);
    assert.ok(!existsSync(join(ws.dir, "src/new.ts")));
    assert.ok(!existsSync(join(ws.dir, "src/shell.txt")));
    for (const name of Object.keys(ORIGINAL)) assert.equal(ws.read(name), ORIGINAL[name], name);
    assert.equal(startedOf(run.stdout)?.enforcement, "sandbox");
  } finally {
    ws.cleanup();
  }
});

test("without the sandbox the read-only start check stays: an agent that writes itself is refused (exit 4)", async () => {
  const ws = sandboxWorkspace("off");
  try {
    const run = await runCli(
      ["run", "--agent", "selfw", "--policy", "read-only", script(ws, "true")],
      {
        cwd: ws.dir,
        env: ws.env(),
        timeoutMs: CLI_TIMEOUT,
      },
    );
    assert.equal(run.code, 4, run.stderr);
    assert.match(run.stderr, /cannot be held read-only/);
  } finally {
    ws.cleanup();
  }
});

test("sandbox: required where bwrap does not work refuses to start (exit 4); auto falls back with a notice", async () => {
  const ws = sandboxWorkspace("required");
  const noBwrap = ws.env({ ACPGATE_BWRAP: "/bin/false" });
  try {
    const refused = await runCli(["run", "--agent", "selfw", "--policy", "workspace-write", "{}"], {
      cwd: ws.dir,
      env: noBwrap,
      timeoutMs: CLI_TIMEOUT,
    });
    assert.equal(refused.code, 4, refused.stderr);
    assert.match(refused.stderr, /must run in the OS sandbox/);
    const auto = await ws.run(JSON.stringify({ write: ["src/a.ts"] }), {
      env: { ...noBwrap, ACPGATE_SANDBOX: "auto" },
    });
    // The agent entry says required: make it name nothing, so the environment's auto applies.
    assert.equal(auto.code, 4, "the entry's required wins over ACPGATE_SANDBOX");
    const wsAuto = sandboxWorkspace("auto");
    try {
      const fell = await wsAuto.run(JSON.stringify({ write: ["src/a.ts"] }), {
        env: wsAuto.env({ ACPGATE_BWRAP: "/bin/false" }),
      });
      assert.equal(fell.code, 0, fell.stderr);
      const notice = jsonLines(fell.stdout).find((e) => e.type === "notice");
      assert.equal(notice?.code, "sandbox_unavailable", fell.stdout);
      assert.match(String(notice?.message), /protected paths are not prevented/);
      assert.equal(startedOf(fell.stdout)?.enforcement, "permission-only");
    } finally {
      wsAuto.cleanup();
    }
  } finally {
    ws.cleanup();
  }
});
