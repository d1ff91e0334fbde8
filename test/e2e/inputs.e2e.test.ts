import { strict as assert } from "node:assert";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { runAcpgateCli } from "../support/runAcpgateCli.js";
import { DECOY, filesContaining, inputsWorkspace, PLANTED } from "../support/inputsWorkspace.js";

const SAFELIST = ["PATH", "HOME", "LANG", "LC_ALL", "TERM", "TMPDIR", "TMP", "TEMP"];

function events(stdout: string): Record<string, unknown>[] {
  return stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function assertNoSecretIn(text: string, where: string): void {
  for (const value of [...Object.values(PLANTED), DECOY])
    assert.ok(!text.includes(value), `${where} contains a secret value`);
}

void test("only safelisted and configured variables reach the agent; secrets from env, 0600 file and command arrive; none is printed", async () => {
  const ws = inputsWorkspace();
  const result = await runAcpgateCli(
    ["run", "--agent", "echo", "--env", "ci", "--format", "json", "hi"],
    ws,
  );
  assert.equal(result.code, 0, result.stderr + result.stdout);
  const got = ws.readOut();
  const allowed = new Set([
    ...SAFELIST,
    "PASSED_VAR",
    "LITERAL_FLAG",
    "ECHO_INPUTS_OUT",
    "RENAMED",
    "FROM_ENV",
    "FROM_FILE",
  ]);
  const extra = Object.keys(got.env).filter((name) => !allowed.has(name));
  assert.deepEqual(extra, [], "unexpected variables reached the agent");
  assert.equal(got.env.ACPGATE_DECOY_TOKEN, undefined);
  assert.equal(got.env.PLANTED_ENV_SECRET, undefined, "the source variable itself is not passed");
  assert.equal(got.env.PASSED_VAR, "passed-through");
  assert.equal(got.env.FROM_ENV, PLANTED.env);
  assert.equal(got.env.FROM_FILE, PLANTED.file);
  assert.equal(got.env.RENAMED, `Bearer ${PLANTED.command}`);

  assertNoSecretIn(result.stdout, "stdout");
  assertNoSecretIn(result.stderr, "stderr");
  const printed = events(result.stdout);
  const message = printed.find((e) => e.type === "agent_message");
  assert.equal(message?.text, "value=[REDACTED]", "the agent's echo of a secret is masked");
  const acpgateDir = join(ws.cwd, ".acpgate");
  if (existsSync(acpgateDir))
    for (const value of Object.values(PLANTED))
      assert.deepEqual(filesContaining(acpgateDir, value), [], ".acpgate/ holds a secret");
});

void test("stdio servers arrive as configured with secrets in place; http is withheld from an agent without mcpCapabilities.http", async () => {
  const ws = inputsWorkspace();
  const result = await runAcpgateCli(
    ["run", "--agent", "echo", "--env", "ci", "--format", "json", "hi"],
    ws,
  );
  assert.equal(result.code, 0, result.stderr);
  assert.deepEqual(ws.readOut().sessionNew?.mcpServers, [
    {
      name: "files",
      command: "files-mcp",
      args: ["--root", "."],
      env: [{ name: "TOKEN", value: PLANTED.command }],
    },
  ]);
  const printed = events(result.stdout);
  const dropped = printed.find((e) => e.type === "mcp_server_dropped");
  assert.deepEqual(
    { name: dropped?.name, transport: dropped?.transport, missing: dropped?.missing },
    { name: "docs", transport: "http", missing: "mcpCapabilities.http" },
  );
  const given = printed.find((e) => e.type === "mcp_servers_given");
  assert.deepEqual(given?.servers, [{ name: "files", transport: "stdio", required: true }]);
});

void test("an agent advertising mcpCapabilities.http gets the http server with its header secret", async () => {
  const ws = inputsWorkspace({ agentArgs: ["--mcp-http"] });
  const result = await runAcpgateCli(
    ["run", "--agent", "echo", "--env", "ci", "--format", "json", "hi"],
    ws,
  );
  assert.equal(result.code, 0, result.stderr);
  const servers = ws.readOut().sessionNew?.mcpServers ?? [];
  assert.deepEqual(servers[1], {
    type: "http",
    name: "docs",
    url: "http://127.0.0.1:9/mcp",
    headers: [{ name: "Authorization", value: `Bearer ${PLANTED.env}` }],
  });
  assertNoSecretIn(result.stdout, "stdout");
});

void test("a required http server the agent cannot take: exit 4 naming the server and the capability", async () => {
  const ws = inputsWorkspace();
  const text = await runAcpgateCli(["run", "--agent", "echo", "--env", "strict", "hi"], ws);
  assert.equal(text.code, 4, text.stderr);
  assert.match(text.stderr, /required MCP server 'search'.*mcpCapabilities\.http/);
  const json = await runAcpgateCli(
    ["run", "--agent", "echo", "--env", "strict", "--format", "json", "hi"],
    ws,
  );
  assert.equal(json.code, 4);
  const finished = events(json.stdout).find((e) => e.type === "run_finished");
  assert.deepEqual((finished?.error as { code: string }).code, "mcp_server_unavailable");
});

void test("a secret file readable by others is refused with a clear error and exit 4", async () => {
  const ws = inputsWorkspace({ fileMode: 0o644 });
  const result = await runAcpgateCli(["run", "--agent", "echo", "--env", "ci", "hi"], ws);
  assert.equal(result.code, 4, result.stderr);
  assert.match(
    result.stderr,
    /secret 'FROM_FILE' is unavailable: file .*secret\.txt has mode 0644/,
  );
  assert.match(result.stderr, /chmod 600/);
  assertNoSecretIn(result.stderr + result.stdout, "output");
});

void test("a missing secret refuses the session, naming the secret (exit 4)", async () => {
  const ws = inputsWorkspace();
  delete ws.env.PLANTED_ENV_SECRET;
  const result = await runAcpgateCli(["run", "--agent", "echo", "--format", "json", "hi"], ws);
  assert.equal(result.code, 4, result.stderr);
  const finished = events(result.stdout).find((e) => e.type === "run_finished");
  const error = finished?.error as { code: string; message: string };
  assert.equal(error.code, "secret_missing");
  assert.match(error.message, /FROM_ENV.*PLANTED_ENV_SECRET is not set/);
});

void test("servers imported from an editor mcpServers file arrive; optional http ones are dropped", async () => {
  const ws = inputsWorkspace();
  const result = await runAcpgateCli(
    ["run", "--agent", "echo", "--env", "imported", "--format", "json", "hi"],
    ws,
  );
  assert.equal(result.code, 0, result.stderr);
  assert.deepEqual(ws.readOut().sessionNew?.mcpServers, [
    { name: "fromEditor", command: "editor-mcp", args: ["--x"], env: [{ name: "K", value: "v" }] },
  ]);
  assert.ok(
    events(result.stdout).some((e) => e.type === "mcp_server_dropped" && e.name === "webEditor"),
  );
});

void test("--format text and quiet mask an echoed secret too", async () => {
  const ws = inputsWorkspace();
  for (const format of ["text", "quiet"]) {
    const result = await runAcpgateCli(["run", "--agent", "echo", "--format", format, "hi"], ws);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /value=\[REDACTED\]/);
    assertNoSecretIn(result.stdout + result.stderr, format);
  }
});
