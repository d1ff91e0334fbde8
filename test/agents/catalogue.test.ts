import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { posturesOf } from "../../src/agents/agentFacts.js";
import { BUILTIN_FACTS } from "../../src/agents/builtin/index.js";
import { Catalogue, resolveCommand } from "../../src/agents/catalogue.js";
import { parsePackageSpec } from "../../src/agents/npxPackage.js";
import { parseConfigText, loadConfig } from "../../src/config/loadConfig.js";
import { BUILTIN_AGENT_IDS } from "../../src/agents/catalogue.js";
import { isAcpgateError } from "../../src/util/errors.js";
import { tempDir } from "../support/tempDir.js";
import { BUILTIN_REAL_AGENTS } from "../support/builtinEnv.js";

const REQUIRED = [
  "claude",
  "codex",
  "gemini",
  "opencode",
  "qwen",
  "goose",
  "cursor",
  "copilot",
  "kilo",
  "auggie",
  "pi",
  "mistral-vibe",
  "junie",
  "devin",
  "cline",
  "droid",
];

void test("the catalogue knows the registry's agents without configuration", () => {
  const ids = new Catalogue({ agents: {} }).ids();
  for (const id of REQUIRED) assert.ok(ids.includes(id), `${id} is built in`);
});

void test("built-in facts hold together: default modes are known, specs pin a range, aliases are unique", () => {
  const aliases = new Set<string>();
  for (const facts of BUILTIN_FACTS) {
    if (facts.modes.default !== undefined)
      assert.ok(facts.modes.default in facts.modes.kinds, `${facts.id}: default mode is listed`);
    if (facts.modes.via === "none") assert.deepEqual(facts.modes.kinds, {}, facts.id);
    if ("npx" in facts.start) {
      const { range } = parsePackageSpec(facts.start.npx.package);
      assert.notEqual(range, "*", `${facts.id} pins a version range`);
    }
    for (const alias of facts.registryIds ?? []) {
      assert.ok(!aliases.has(alias) && !BUILTIN_AGENT_IDS.includes(alias), alias);
      aliases.add(alias);
    }
    assert.ok(facts.install.length > 0, `${facts.id} says how to install it`);
  }
});

void test("modes map to postures by what they do: read-only and chat hold read-only, ask serves workspace-write, the rest never", () => {
  const byId = new Map(BUILTIN_FACTS.map((f) => [f.id, f]));
  const claude = posturesOf(byId.get("claude")!);
  assert.equal(claude.plan, "read-only");
  assert.equal(claude.default, "workspace-write");
  assert.equal(claude.auto, undefined, "claude's auto decides permissions itself");
  assert.equal(claude.acceptEdits, undefined);
  assert.equal(posturesOf(byId.get("goose")!).chat, "read-only");
  assert.equal(posturesOf(byId.get("goose")!).auto, undefined);
  assert.deepEqual(posturesOf(byId.get("pi")!), {}, "pi's modes are thinking levels");
  // Modes of an older adapter line count too (codex 0.16's `auto` is not chosen, `read-only` is).
  const codex = posturesOf(byId.get("codex")!);
  assert.equal(codex["read-only"], "read-only");
  assert.equal(codex["full-access"], undefined);
});

void test("a config entry with a built-in's id refines it: env merges, the start stays, each field says where it came from", () => {
  const config = parseConfigText(
    "agents:\n  codex:\n    env: { HOME: /tmp/h }\n    secrets: [OPENAI_API_KEY]\n",
    "acpgate.yaml",
  );
  const item = new Catalogue(config).item("codex");
  assert.equal(item.entry.npx?.package, "@agentclientprotocol/codex-acp@^2.6.0");
  assert.equal(item.entry.env.HOME, "/tmp/h");
  assert.deepEqual(item.entry.secrets, ["OPENAI_API_KEY"]);
  assert.equal(item.entry.modes["read-only"], "read-only");
  assert.deepEqual(item.sources, ["builtin", "config"]);
  assert.equal(item.origins.start, "builtin");
  assert.equal(item.origins["env.HOME"], "config");
  assert.equal(item.origins["modes.read-only"], "builtin");
  // A config's mode map replaces the catalogue's: it can unmap a mode the catalogue trusts.
  const unmapped = new Catalogue(
    parseConfigText("agents:\n  claude: { modes: { plan: read-only } }\n", "acpgate.yaml"),
  ).item("claude");
  assert.deepEqual(unmapped.entry.modes, { plan: "read-only" });
  assert.equal(unmapped.origins["modes.plan"], "config");
  assert.equal(unmapped.origins["modes.default"], undefined);
  // A config start replaces the built-in's whole.
  const own = new Catalogue(
    parseConfigText("agents:\n  codex: { command: /opt/codex-acp }\n", "acpgate.yaml"),
  ).item("codex");
  assert.equal(own.entry.npx, undefined);
  assert.equal(own.entry.command, "/opt/codex-acp");
  assert.equal(own.origins.start, "config");
});

void test("an entry that names no way to start and no known agent is a config error at its line", () => {
  const tmp = tempDir({ "acpgate.yaml": "agents:\n  ghost:\n    env: { A: '1' }\n" });
  try {
    assert.throws(
      () => loadConfig({ cwd: tmp.dir, builtinAgentIds: BUILTIN_AGENT_IDS }),
      (error) =>
        isAcpgateError(error, "config_invalid") &&
        /acpgate\.yaml:2: agents\.ghost: 'ghost' is not a built-in agent/.test(error.message),
    );
  } finally {
    tmp.cleanup();
  }
});

void test("registry entries join the catalogue; a built-in's registry id gets its facts on top", () => {
  const tmp = tempDir({
    "registry.json": JSON.stringify({
      version: "1.0.0",
      agents: [
        {
          id: "codex-acp",
          name: "Codex CLI",
          version: "2.6.1",
          description: "from the registry",
          distribution: { npx: { package: "@agentclientprotocol/codex-acp@2.6.1" } },
        },
        {
          id: "acme",
          name: "Acme",
          version: "1.0.0",
          description: "an agent acpgate has no facts for",
          distribution: {
            binary: {
              "linux-x86_64": { archive: "https://x/acme.tgz", cmd: "./acme-agent", args: ["acp"] },
              "darwin-aarch64": {
                archive: "https://x/acme.zip",
                cmd: "./acme-agent",
                args: ["acp"],
              },
            },
          },
        },
      ],
    }),
  });
  try {
    const catalogue = new Catalogue(
      { agents: {}, catalogue: { registry: "registry.json" } },
      { baseDir: tmp.dir },
    );
    const codex = catalogue.item("codex");
    assert.equal(codex.entry.npx?.package, "@agentclientprotocol/codex-acp@2.6.1");
    assert.equal(codex.entry.modes["read-only"], "read-only", "facts apply on top");
    assert.deepEqual(codex.sources, ["builtin", "registry"]);
    assert.equal(catalogue.item("codex-acp"), codex, "the registry id is an alias");
    const acme = catalogue.item("acme");
    assert.equal(acme.entry.binary?.cmd, "acme-agent", "a binary is looked up on PATH");
    assert.deepEqual(acme.entry.binary?.args, ["acp"]);
    assert.deepEqual(acme.entry.modes, {}, "no facts: no mode is trusted");
    assert.equal(acme.facts, undefined);
  } finally {
    tmp.cleanup();
  }
});

void test("a registry that is not in the registry's format is a config error naming it", () => {
  const tmp = tempDir({ "bad.json": JSON.stringify({ agents: [{ id: "x", name: "X" }] }) });
  try {
    assert.throws(
      () =>
        new Catalogue({ agents: {}, catalogue: { registry: "bad.json" } }, { baseDir: tmp.dir }),
      (error) =>
        isAcpgateError(error, "config_invalid") && /registry bad\.json/.test(error.message),
    );
  } finally {
    tmp.cleanup();
  }
});

void test("an npx agent installed beside acpgate runs directly; another version goes through npx", () => {
  const tmp = tempDir();
  try {
    const dir = join(tmp.dir, "node_modules", "@acme", "agent");
    mkdirSync(join(dir, "bin"), { recursive: true });
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({ name: "@acme/agent", version: "1.4.2", bin: { agent: "bin/agent.js" } }),
    );
    writeFileSync(join(dir, "bin", "agent.js"), "#!/usr/bin/env node\n");
    chmodSync(join(dir, "bin", "agent.js"), 0o755);
    const entry = (spec: string) =>
      new Catalogue(
        parseConfigText(`agents:\n  a: { npx: { package: '${spec}', args: [--acp] } }\n`, "c.yaml"),
      ).get("a");
    const direct = resolveCommand(entry("@acme/agent@^1.4.0"), [tmp.dir]);
    assert.equal(direct.via, "installed");
    assert.equal(direct.command, join(dir, "bin", "agent.js"));
    assert.deepEqual(direct.args, ["--acp"]);
    const fetched = resolveCommand(entry("@acme/agent@^2.0.0"), [tmp.dir]);
    assert.equal(fetched.via, "npx");
    assert.deepEqual(fetched.args, ["--yes", "@acme/agent@^2.0.0", "--acp"]);
    assert.equal(fetched.installed?.version, "1.4.2", "the other version is reported");
  } finally {
    tmp.cleanup();
  }
});

void test("a built-in marked tested is one the suite runs as a built-in (test/e2e/builtinAgents)", () => {
  const run = new Set<string>(["demo", ...BUILTIN_REAL_AGENTS]);
  for (const facts of BUILTIN_FACTS)
    assert.equal(facts.verified.tested, run.has(facts.id), `${facts.id}: tested flag`);
});
