import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES, jsonLines, runCli } from "../support/cli.js";
import { jsonEvents } from "../support/runCli.js";
import { tempDir } from "../support/tempDir.js";

/**
 * The integrity check with no sandbox: an agent that writes files itself (fs.writeFileSync
 * in its own process, no fs/* call, no permission request) is caught after its turn.
 */
function workspace(policies = "") {
  const ws = tempDir();
  const config = [
    "agents:",
    "  self-writer:",
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: [${JSON.stringify(join(FIXTURES, "selfWritingAgent.js"))}]`,
    policies,
  ].join("\n");
  writeFileSync(join(ws.dir, "acpgate.yaml"), config + "\n");
  for (const dir of [".git/objects/ab", ".git/refs/heads", "src"])
    mkdirSync(join(ws.dir, dir), { recursive: true });
  writeFileSync(join(ws.dir, ".git/config"), "[core]\n\tbare = false\n");
  writeFileSync(join(ws.dir, ".git/HEAD"), "ref: refs/heads/main\n");
  writeFileSync(join(ws.dir, ".git/description"), "a repository\n");
  writeFileSync(join(ws.dir, ".git/objects/ab/cdef"), "blob");
  // A whole second: a rewrite that restores it (Date precision) leaves mtime exactly as it was.
  utimesSync(join(ws.dir, ".git/HEAD"), 1_700_000_000, 1_700_000_000);
  return { ...ws, config: config + "\n" };
}

async function run(dir: string, actions: unknown[]) {
  const result = await runCli(
    [
      "run",
      "--agent",
      "self-writer",
      "--policy",
      "workspace-write",
      "--json",
      JSON.stringify(actions),
    ],
    { cwd: dir },
  );
  const events = jsonEvents(result.stdout);
  const changed = events.filter((e) => e.type === "protected_path_changed");
  const finished = events.at(-1) ?? {};
  return { ...result, events, changed, finished };
}

async function auditedChanges(dir: string) {
  const list = await runCli(["audit", "list", "--json", "--kind", "protected_path_changed"], {
    cwd: dir,
  });
  assert.equal(list.code, 0, list.stderr);
  return jsonLines(list.stdout);
}

test("writes to .git/, acpgate.yaml and .acpgate/ by the agent itself: events, audit, exit 5", async () => {
  const ws = workspace();
  try {
    const r = await run(ws.dir, [
      { path: ".git/config", content: "[core]\n\thooksPath = /tmp/evil\n" },
      { path: "acpgate.yaml", content: ws.config + "# rewritten by the agent\n" },
      { path: ".acpgate/x", content: "planted\n" },
      { path: ".git/description", delete: true },
      { path: "src/ok.txt", content: "fine\n" },
    ]);
    assert.equal(r.code, 5, r.stdout + r.stderr);
    assert.equal(readFileSync(join(ws.dir, "src/ok.txt"), "utf8"), "fine\n");
    const seen = r.changed.map((e) => `${String(e.path)} ${String(e.change)} ${String(e.ruleId)}`);
    assert.deepEqual(seen, [
      ".acpgate/x created protected:.acpgate",
      ".git/config modified protected:.git",
      ".git/description deleted protected:.git",
      "acpgate.yaml modified protected:config",
    ]);
    assert.equal(r.finished.type, "run_finished");
    assert.equal(r.finished.exitCode, 5);
    assert.equal(r.finished.stopReason, "end_turn");
    assert.equal((r.finished.error as { code?: string }).code, "protected_path_changed");
    assert.match(
      String(r.finished.reason),
      /protected paths changed during the run: .*\.git\/config modified/,
    );
    const records = await auditedChanges(ws.dir);
    assert.deepEqual(
      records.map((rec) => [(rec.tool as { paths: string[] }).paths[0], rec.status]),
      [
        [".acpgate/x", "created"],
        [".git/config", "modified"],
        [".git/description", "deleted"],
        ["acpgate.yaml", "modified"],
      ],
    );
    assert.equal((records[1]?.data as { ruleId?: string }).ruleId, "protected:.git");
  } finally {
    ws.cleanup();
  }
});

test("a write to src/ alone is exit 0, with no protected_path_changed (the audit db does not count)", async () => {
  const ws = workspace();
  try {
    const r = await run(ws.dir, [{ path: "src/ok.txt", content: "fine\n" }]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(r.changed, []);
    assert.equal(r.finished.exitCode, 0);
    // A second run: .acpgate/acpgate.db exists and is written during the run.
    const again = await run(ws.dir, [{ path: "src/ok.txt", content: "again\n" }]);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.deepEqual(await auditedChanges(ws.dir), []);
  } finally {
    ws.cleanup();
  }
});

test("a rewrite of a small protected file that restores its mtime and size is still caught", async () => {
  const ws = workspace();
  try {
    const head = join(ws.dir, ".git/HEAD");
    const r = await run(ws.dir, [
      { path: ".git/HEAD", content: "ref: refs/heads/evil\n", keepMtime: true },
    ]);
    assert.equal(statSync(head).mtimeMs, 1_700_000_000_000, "the agent restored the mtime");
    assert.equal(readFileSync(head, "utf8"), "ref: refs/heads/evil\n");
    assert.equal(r.code, 5, r.stdout + r.stderr);
    assert.deepEqual(
      r.changed.map((e) => [e.path, e.change]),
      [[".git/HEAD", "modified"]],
    );
  } finally {
    ws.cleanup();
  }
});

test("the policy's protect: globs and its deny paths are watched too", async () => {
  const policies = [
    "policies:",
    "  workspace-write:",
    '    protect: ["migrations/**"]',
    "    deny:",
    '      - { id: no-keys, paths: ["**/*.pem"] }',
  ].join("\n");
  const ws = workspace(policies);
  try {
    mkdirSync(join(ws.dir, "migrations"));
    writeFileSync(join(ws.dir, "migrations/001.sql"), "create table t();\n");
    const r = await run(ws.dir, [
      { path: "migrations/001.sql", content: "drop table t;\n" },
      { path: "deep/keys/server.pem", content: "-----BEGIN-----\n" },
      { path: "src/ok.txt", content: "fine\n" },
    ]);
    assert.equal(r.code, 5, r.stdout + r.stderr);
    assert.deepEqual(
      r.changed.map((e) => [e.path, e.change, e.ruleId]),
      [
        ["deep/keys/server.pem", "created", "no-keys"],
        ["migrations/001.sql", "modified", "protected:policy"],
      ],
    );
  } finally {
    ws.cleanup();
  }
});

test("a configured SQLite audit file under .acpgate/ is acpgate's own write, not a change", async () => {
  const ws = workspace("storage: { sqlite: .acpgate/audit.sqlite }");
  try {
    const r = await run(ws.dir, [{ path: "src/ok.txt", content: "fine\n" }]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const again = await run(ws.dir, [{ path: "src/ok.txt", content: "again\n" }]);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.deepEqual(again.changed, []);
  } finally {
    ws.cleanup();
  }
});

test("a write acpgate made through fs/write_text_file (allowed) is no change, inside a denied directory too", async () => {
  const policies = [
    "policies:",
    "  workspace-write:",
    "    deny:",
    '      - { id: only-allowed, kind: [edit, delete, move], paths: ["**", "!sub/allowed.txt"] }',
  ].join("\n");
  const ws = workspace(policies);
  try {
    mkdirSync(join(ws.dir, "sub"));
    writeFileSync(join(ws.dir, "sub/allowed.txt"), "draft\n");
    const r = await run(ws.dir, [
      { path: "sub/allowed.txt", content: "written by acpgate\n", viaClient: true },
    ]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(readFileSync(join(ws.dir, "sub/allowed.txt"), "utf8"), "written by acpgate\n");
    assert.ok(r.events.some((e) => e.type === "fs_write" && e.allowed === true));
    assert.deepEqual(r.changed, []);
    const itself = await run(ws.dir, [{ path: "sub/other.txt", content: "by the agent\n" }]);
    assert.equal(itself.code, 5, itself.stdout + itself.stderr);
    assert.deepEqual(
      itself.changed.map((e) => [e.path, e.change, e.ruleId]),
      [["sub/other.txt", "created", "only-allowed"]],
    );
  } finally {
    ws.cleanup();
  }
});

test("many changes in one turn: the first 50 are named, the last named says how many more", async () => {
  const ws = workspace();
  try {
    const actions = Array.from({ length: 60 }, (_, i) => ({
      path: `.git/hooks/h${String(i).padStart(2, "0")}`,
      content: "#!/bin/sh\n",
    }));
    const r = await run(ws.dir, actions);
    assert.equal(r.code, 5, r.stdout + r.stderr);
    // .git/hooks itself is new too: 61 changes, 50 named.
    assert.equal(r.changed.length, 50);
    assert.equal(r.changed.at(-1)?.more, 11);
    assert.equal(r.changed.slice(0, -1).filter((e) => "more" in e).length, 0);
    assert.match(String(r.finished.reason), /and 56 more/);
    const records = await auditedChanges(ws.dir);
    assert.equal(records.length, 50);
    assert.equal((records.at(-1)?.data as { more?: number }).more, 11);
  } finally {
    ws.cleanup();
  }
});
