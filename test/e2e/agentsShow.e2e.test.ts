import { strict as assert } from "node:assert";
import { test } from "node:test";
import { runAcpgateCli } from "../support/runAcpgateCli.js";
import { DECOY, inputsWorkspace, PLANTED } from "../support/inputsWorkspace.js";

void test("agents show --json: env names with masked values, MCP servers with required flag, secret names", async () => {
  const ws = inputsWorkspace();
  const result = await runAcpgateCli(["agents", "show", "echo", "--env", "ci", "--json"], ws);
  assert.equal(result.code, 0, result.stderr);
  const view = JSON.parse(result.stdout) as {
    env: { name: string; origin: string; value: string; secrets?: string[] }[];
    mcpServers: { name: string; transport: string; required: boolean; needs?: string }[];
    secrets: { name: string; from: string }[];
  };
  const byName = new Map(view.env.map((v) => [v.name, v]));
  assert.equal(byName.get("PATH")?.origin, "safelist");
  assert.equal(byName.get("PASSED_VAR")?.origin, "passEnv");
  assert.equal(byName.get("LITERAL_FLAG")?.origin, "value");
  assert.deepEqual(byName.get("RENAMED")?.secrets, ["FROM_CMD"]);
  assert.equal(byName.get("FROM_FILE")?.origin, "secret");
  assert.ok(!byName.has("ACPGATE_DECOY_TOKEN"));
  assert.ok(view.env.every((v) => v.value === "***"));
  assert.deepEqual(
    view.mcpServers.map((s) => [s.name, s.transport, s.required, s.needs ?? null]),
    [
      ["files", "stdio", true, null],
      ["docs", "http", false, "mcpCapabilities.http"],
    ],
  );
  assert.deepEqual(
    view.secrets.map((s) => [s.name, s.from]),
    [
      ["FROM_CMD", "command"],
      ["FROM_ENV", "env"],
      ["FROM_FILE", "file"],
    ],
  );
  for (const value of [PLANTED.env, PLANTED.file, DECOY, "passed-through"])
    assert.ok(!result.stdout.includes(value), "show printed a value");
});

void test("agents show (text) names the environment's servers and never reads a secret", async () => {
  const ws = inputsWorkspace({ fileMode: 0o644 });
  delete ws.env.PLANTED_ENV_SECRET;
  const result = await runAcpgateCli(["agents", "show", "echo", "--env", "strict"], ws);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /search\s+http\s+required\s+http:\/\/127\.0\.0\.1:9\/s/);
  assert.match(result.stdout, /FROM_FILE\s+from file secret\.txt/);
  assert.ok(!result.stdout.includes(PLANTED.file));
  const unknown = await runAcpgateCli(["agents", "show", "echo", "--env", "nope"], ws);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown environment 'nope'; known: ci, strict, imported/);
});
