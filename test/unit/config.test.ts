import { test } from "node:test";
import assert from "node:assert/strict";
import { parseConfigText, loadConfig } from "../../src/config/loadConfig.js";
import { BUILTIN_AGENT_IDS, Catalogue, resolveCommand } from "../../src/agents/catalogue.js";
import { isAcpgateError } from "../../src/util/errors.js";

function configError(text: string): string {
  try {
    parseConfigText(text, "acpgate.yaml");
  } catch (error) {
    assert.ok(isAcpgateError(error, "config_invalid"));
    return error.message;
  }
  throw new Error("expected a config error");
}

test("the three entry forms resolve to a command line", () => {
  const config = parseConfigText(
    [
      "agents:",
      "  plain: { command: my-agent, args: [--acp], env: { A: '1' } }",
      "  viaNpx: { npx: { package: '@zed-industries/claude-agent-acp@0.1.0', args: [--x] } }",
      "  bin: { binary: { cmd: ./goose, args: [acp], env: { B: '2' } } }",
    ].join("\n"),
    "acpgate.yaml",
  );
  const catalogue = new Catalogue(config);
  for (const id of ["bin", "demo", "plain", "viaNpx"]) assert.ok(catalogue.ids().includes(id));
  assert.deepEqual(resolveCommand(catalogue.get("plain")), {
    command: "my-agent",
    args: ["--acp"],
    env: { A: "1" },
    via: "command",
  });
  assert.deepEqual(resolveCommand(catalogue.get("viaNpx")).args, [
    "--yes",
    "@zed-industries/claude-agent-acp@0.1.0",
    "--x",
  ]);
  assert.deepEqual(resolveCommand(catalogue.get("bin")), {
    command: "./goose",
    args: ["acp"],
    env: { B: "2" },
    via: "binary",
  });
});

test("errors name the file, the line and the field", () => {
  assert.match(
    configError("agents:\n  a:\n    command: x\n    argz: []\n"),
    /acpgate\.yaml:3: agents\.a: unknown field\(s\): argz/,
  );
  assert.match(
    configError("agents:\n  a:\n    command: x\n    npx: { package: y }\n"),
    /acpgate\.yaml:3: agents\.a: an agent takes at most one of/,
  );
  assert.match(
    configError("agents:\n  a:\n    command: 42\n"),
    /acpgate\.yaml:3: agents\.a\.command: .*string/,
  );
  assert.match(configError("storage:\n  mysql: x\n"), /acpgate\.yaml:2: storage/);
  assert.match(configError("agentz: {}\n"), /unknown field\(s\): agentz/);
});

test("without a config file the embedded default serves the demo agent and SQLite", () => {
  const loaded = loadConfig({
    cwd: "/nonexistent-dir-for-acpgate",
    builtinAgentIds: BUILTIN_AGENT_IDS,
  });
  assert.equal(loaded.file, undefined);
  assert.deepEqual(loaded.config.storage, { sqlite: ".acpgate/acpgate.db" });
  assert.ok(new Catalogue(loaded.config).has("demo"));
});

test("an explicit --config that does not exist is an error", () => {
  assert.throws(
    () => loadConfig({ cwd: "/", file: "missing.yaml", builtinAgentIds: BUILTIN_AGENT_IDS }),
    (e) => isAcpgateError(e, "config_not_found"),
  );
});
