import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEditor } from "../support/editorClient.js";
import { runCli } from "../support/cli.js";
import { facingAgentLines } from "../support/facingAgent.js";
import { tempDir } from "../support/tempDir.js";

/** A config whose `dev` environment offers `files` and `docs`, under a policy with `rule`. */
function workspace(rule: string | undefined) {
  const ws = tempDir();
  const log = join(ws.dir, "agent.log");
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    [
      ...facingAgentLines(log),
      "environments:",
      "  dev:",
      "    policy: editor",
      "    mcpServers:",
      "      - { name: files, command: env-files, args: [], env: [] }",
      "      - { name: docs, command: env-docs, args: [], env: [] }",
      "policies:",
      "  editor:",
      "    posture: read-only",
      ...(rule ? [`    editorMcpServers: ${rule}`] : []),
      "",
    ].join("\n"),
  );
  return { ...ws, log };
}

/** What the agent was given on session/new, as `name=command`. */
function given(log: string): string[] {
  const line = readFileSync(log, "utf8")
    .split("\n")
    .find((l) => l.includes('"session/new"'));
  const servers = (JSON.parse(line ?? "{}") as { params?: { mcpServers?: unknown[] } }).params
    ?.mcpServers as { name: string; command: string }[];
  return servers.map((s) => `${s.name}=${s.command}`).sort();
}

const CASES = [
  // The default: both; the environment's `files` is given, the editor's withheld.
  {
    rule: undefined,
    given: ["docs=env-docs", "files=env-files", "mine=ed-mine"],
    withheld: ["files:client"],
  },
  {
    rule: "keep",
    given: ["docs=env-docs", "files=ed-files", "mine=ed-mine"],
    withheld: ["files:environment"],
  },
  {
    rule: "replace",
    given: ["docs=env-docs", "files=env-files"],
    withheld: ["files:client", "mine:client"],
  },
];

for (const c of CASES) {
  test(`proxy: editorMcpServers ${c.rule ?? "(default merge)"} decides the editor's MCP servers; what is withheld is said to the editor and audited`, async () => {
    const ws = workspace(c.rule);
    const editor = startEditor(["--agent", "facing", "--env", "dev"], { cwd: ws.dir });
    try {
      await editor.connection.agent.request("initialize", {
        protocolVersion: 1,
        clientCapabilities: {},
      });
      const opened = await editor.connection.agent.request("session/new", {
        cwd: ws.dir,
        mcpServers: [
          { name: "files", command: "ed-files", args: [], env: [] },
          { name: "mine", command: "ed-mine", args: [], env: [] },
        ],
      });
      assert.deepEqual(given(ws.log), c.given);
      await new Promise((r) => setTimeout(r, 200));
      const said = editor.updates
        .filter((u) => u.sessionId === opened.sessionId)
        .map((u) => u.update as { content?: { text?: string }; _meta?: { acpgate?: unknown } })
        .filter((u) => u._meta?.acpgate !== undefined)
        .map((u) => u.content?.text ?? "");
      assert.equal(said.length, c.withheld.length, said.join(""));
      for (const w of c.withheld) {
        const [name] = w.split(":");
        assert.ok(
          said.some((t) => t.startsWith("acpgate: ") && t.includes(`'${name}'`)),
          said.join(""),
        );
      }
    } finally {
      assert.equal(await editor.close(), 0, editor.stderr());
    }
    const audit = await runCli(["audit", "list", "--kind", "mcp_server_withheld", "--json"], {
      cwd: ws.dir,
    });
    assert.equal(audit.code, 0, audit.stderr);
    const records = audit.stdout
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { status: string; data: { name: string } });
    assert.deepEqual(records.map((r) => `${r.data.name}:${r.status}`).sort(), c.withheld);
    ws.cleanup();
  });
}

test("config check: an unknown editorMcpServers value is refused naming the field", async () => {
  const ws = workspace("union");
  const checked = await runCli(["config", "check"], { cwd: ws.dir });
  assert.equal(checked.code, 2, checked.stdout + checked.stderr);
  assert.match(checked.stdout + checked.stderr, /editorMcpServers/);
  ws.cleanup();
});
