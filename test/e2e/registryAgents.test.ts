import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { delimiter, join } from "node:path";
import { DEMO_AGENT_PATH } from "../../src/agents/builtin/demo.js";
import { FIXTURES, runCli } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";

const README = "# Widget\n\nA widget.\n";

/** An executable that starts the bundled demo agent: what an installed agent CLI looks like. */
function demoLauncher(path: string): void {
  writeFileSync(path, `#!/bin/sh\nexec "${process.execPath}" "${DEMO_AGENT_PATH}" "$@"\n`);
  chmodSync(path, 0o755);
}

/**
 * A registry file with two agents — an npm package (installed in the workspace's
 * node_modules) and a platform binary (installed on PATH) — both the demo agent underneath.
 */
function registryWorkspace(): { dir: string; env: NodeJS.ProcessEnv; cleanup(): void } {
  const ws = tempDir({ "README.md": README });
  const pkg = join(ws.dir, "node_modules", "@acme", "npx-agent");
  mkdirSync(pkg, { recursive: true });
  writeFileSync(
    join(pkg, "package.json"),
    JSON.stringify({ name: "@acme/npx-agent", version: "1.2.0", bin: { "npx-agent": "agent" } }),
  );
  demoLauncher(join(pkg, "agent"));
  const bin = join(ws.dir, "bin");
  mkdirSync(bin);
  demoLauncher(join(bin, "acme-binary"));
  const platforms = ["linux-x86_64", "linux-aarch64", "darwin-aarch64", "darwin-x86_64"];
  writeFileSync(
    join(ws.dir, "registry.json"),
    JSON.stringify({
      version: "1.0.0",
      agents: [
        {
          id: "acme-npx",
          name: "Acme (npm)",
          version: "1.2.0",
          description: "an npm agent",
          distribution: { npx: { package: "@acme/npx-agent@^1.2.0" } },
        },
        {
          id: "acme-bin",
          name: "Acme (binary)",
          version: "3.0.0",
          description: "a binary agent",
          distribution: {
            binary: Object.fromEntries(
              platforms.map((p) => [
                p,
                { archive: `https://example.invalid/${p}.tgz`, cmd: "./acme-binary" },
              ]),
            ),
          },
        },
      ],
    }),
  );
  // acpgate has no facts for these: the config says what their modes are.
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    [
      "catalogue: { registry: registry.json }",
      "agents:",
      "  acme-npx: { modes: { ask: read-only, code: workspace-write } }",
      "  acme-bin: { fileAccess: client }",
    ].join("\n"),
  );
  const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}` };
  return { dir: ws.dir, env, cleanup: () => ws.cleanup() };
}

void test("a registry file with two entries: both are listed, available, and run under the default policy", async () => {
  const ws = registryWorkspace();
  try {
    const list = await runCli(["agents", "list", "--json"], { cwd: ws.dir, env: ws.env });
    assert.equal(list.code, 0, list.stderr);
    const rows = list.stdout
      .trim()
      .split("\n")
      .map(
        (l) =>
          JSON.parse(l) as {
            id: string;
            sources: string[];
            available: { ok: boolean; how: string };
          },
      );
    const npx = rows.find((r) => r.id === "acme-npx");
    const bin = rows.find((r) => r.id === "acme-bin");
    assert.deepEqual(npx?.sources, ["registry", "config"]);
    assert.deepEqual(npx?.available, {
      ok: true,
      how: "installed",
      detail: `@acme/npx-agent 1.2.0 at ${join(ws.dir, "node_modules", "@acme", "npx-agent")}`,
    });
    assert.equal(bin?.available.how, "path");
    for (const agent of ["acme-npx", "acme-bin"]) {
      const run = await runCli(["run", "--agent", agent, "read README.md and summarise it"], {
        cwd: ws.dir,
        env: ws.env,
      });
      assert.equal(run.code, 0, `${agent}: ${run.stderr}`);
      assert.match(run.stdout, /README\.md: 4 lines/);
    }
  } finally {
    ws.cleanup();
  }
});

void test("agents list: a binary that is not installed is shown missing with where it comes from", async () => {
  const ws = registryWorkspace();
  try {
    const env = { ...process.env }; // without the workspace's bin on PATH
    const list = await runCli(["agents", "list"], { cwd: ws.dir, env });
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /^acme-bin\s+registry\+config\s+✗ missing/m);
    assert.match(list.stdout, /^! acme-bin: acme-binary not found on PATH/m);
    assert.match(list.stdout, /^demo\s+builtin\s+✓ path/m);
  } finally {
    ws.cleanup();
  }
});

void test("a mode the config maps that the agent does not offer is refused, naming the modes it offers", async () => {
  const ws = tempDir({
    "README.md": README,
    "acpgate.yaml": "agents:\n  demo: { modes: { readonly: read-only } }\n",
  });
  try {
    const run = await runCli(["run", "--agent", "demo", "read README.md"], { cwd: ws.dir });
    assert.equal(run.code, 4, run.stderr);
    assert.match(
      run.stderr,
      /does not offer mode 'readonly' named in its 'modes:'; it offers: ask, code/,
    );
  } finally {
    ws.cleanup();
  }
});

void test("agents show: the merged entry says where each field came from", async () => {
  const ws = tempDir({ "acpgate.yaml": "agents:\n  codex: { env: { HOME: /tmp/codex-home } }\n" });
  try {
    const show = await runCli(["agents", "show", "codex"], { cwd: ws.dir });
    assert.equal(show.code, 0, show.stderr);
    assert.match(show.stdout, /^sources\s+builtin \+ config$/m);
    assert.match(
      show.stdout,
      /^start\s+npx @agentclientprotocol\/codex-acp@\^2\.6\.0 {2}\(builtin\)$/m,
    );
    assert.match(show.stdout, /^ {2}read-only\s+read-only\s+→ read-only {2}\(builtin\)$/m);
    assert.match(show.stdout, /^ {2}HOME=\*\*\*\s+value$/m);
    const json = await runCli(["agents", "show", "codex", "--json"], { cwd: ws.dir });
    const view = JSON.parse(json.stdout) as { catalogue: { origins: Record<string, string> } };
    assert.equal(view.catalogue.origins["env.HOME"], "config");
    assert.equal(view.catalogue.origins.start, "builtin");
    // Every command reads the file the same way: a refinement is valid for all of them.
    for (const args of [
      ["audit", "list"],
      ["sessions", "list"],
      ["config", "check"],
    ]) {
      const other = await runCli(args, { cwd: ws.dir });
      assert.equal(other.code, 0, `${args.join(" ")}: ${other.stderr}`);
    }
  } finally {
    ws.cleanup();
  }
});

void test("agents import URL fetches the registry once; runs read the saved copy and never fetch", async () => {
  const ws = registryWorkspace();
  const registry = readFileSync(join(ws.dir, "registry.json"), "utf8");
  let fetches = 0;
  const server = createServer((req, res) => {
    fetches += 1;
    res.writeHead(req.url === "/registry.json" ? 200 : 404, { "content-type": "application/json" });
    res.end(req.url === "/registry.json" ? registry : "{}");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/registry.json`;
  try {
    const config = readFileSync(join(ws.dir, "acpgate.yaml"), "utf8");
    writeFileSync(
      join(ws.dir, "acpgate.yaml"),
      config.replace("catalogue: { registry: registry.json }", `catalogue: { registry: "${url}" }`),
    );
    const before = await runCli(["run", "--agent", "acme-bin", "read README.md"], {
      cwd: ws.dir,
      env: ws.env,
    });
    assert.equal(before.code, 2, before.stderr);
    assert.match(before.stderr, /has not been fetched; run 'acpgate agents import http/);
    const imported = await runCli(["agents", "import", url, "--json"], {
      cwd: ws.dir,
      env: ws.env,
    });
    assert.equal(imported.code, 0, imported.stderr);
    const rows = imported.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { id: string; schema: string });
    assert.deepEqual(
      rows.map((r) => r.id),
      ["acme-npx", "acme-bin"],
    );
    assert.equal(rows[0]?.schema, "acpgate.agent-import.v1");
    assert.ok(existsSync(join(ws.dir, ".acpgate", "registry")), "the fetched registry is kept");
    const run = await runCli(["run", "--agent", "acme-bin", "read README.md"], {
      cwd: ws.dir,
      env: ws.env,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(fetches, 1, "the run did not fetch");
    const missing = await runCli(["agents", "import", url.replace("registry.json", "nope")], {
      cwd: ws.dir,
    });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot fetch registry .*: HTTP 404/);
  } finally {
    server.close();
    ws.cleanup();
  }
});

void test("when the agent no longer offers the catalogue's read-only mode, the refusal says the catalogue is out of date", async () => {
  // The demo's facts name `ask` as read-only; this agent (another version, say) offers
  // only `auto` and `readonly`.
  const agent = join(FIXTURES, "probeAgent.js");
  const entry = `command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(agent)}, writes-anyway]`;
  const ws = tempDir({ "acpgate.yaml": `agents:\n  demo: { ${entry}, fileAccess: self }\n` });
  try {
    // Where it can still be held (workspace-write needs no read-only mode), a notice says so.
    const held = await runCli(
      ["run", "--agent", "demo", "--policy", "workspace-write", "--format", "json", "hello"],
      { cwd: ws.dir },
    );
    const notice = held.stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type: string; code?: string; data?: unknown })
      .find((e) => e.type === "notice" && e.code === "catalogue_outdated");
    assert.deepEqual(notice?.data, {
      readOnly: ["ask"],
      offered: ["auto", "readonly"],
      verifiedAt: "0.1.0",
    });
    const run = await runCli(["run", "--agent", "demo", "hello"], { cwd: ws.dir });
    assert.equal(run.code, 4, run.stderr);
    assert.match(run.stderr, /cannot be held read-only/);
    assert.match(
      run.stderr,
      /Note: acpgate's catalogue names 'ask' as the read-only mode of agent 'demo'.*\(checked at 0\.1\.0\), but this version offers only auto, readonly/,
    );
  } finally {
    ws.cleanup();
  }
});
