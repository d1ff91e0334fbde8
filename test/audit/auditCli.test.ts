import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import { CLI, runCli } from "../support/acpgateCli.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-audit-cli-");
after(() => tmp.remove());

before(async () => {
  const run = await runCli(["run", "@say hello\n@write out.txt hi"], tmp.dir, {
    ...process.env,
    GITHUB_ACTOR: "",
    CI_JOB_ID: "",
    GITLAB_USER_LOGIN: "",
    USER: "carol",
  });
  assert.equal(run.code, 5, run.stderr);
});

void test("a run leaves its session as a row and its story as records", async () => {
  const exported = await runCli(["audit", "export", "--format", "jsonl"], tmp.dir);
  assert.equal(exported.code, 0, exported.stderr);
  const records = exported.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  assert.deepEqual(
    records.map((r) => r.kind),
    [
      "session_started",
      "prompt",
      "permission_asked",
      "permission_decided",
      "tool_outcome",
      "turn_ended",
      "session_ended",
    ],
  );
  assert.deepEqual(Object.keys(records[3]!), [
    "schema",
    "id",
    "time",
    "sessionId",
    "agentId",
    "surface",
    "actor",
    "kind",
    "requestId",
    "tool",
    "decision",
    "prevHash",
    "hash",
  ]);
  assert.equal(records[0]!.schema, "acpgate.audit.v1");
  assert.equal(records[0]!.actor, "user:carol");
  assert.equal(records[0]!.surface, "cli");
  assert.equal(records[3]!.actor, "policy");
  const db = new Database(join(tmp.dir, ".acpgate", "acpgate.db"), { readonly: true });
  const session = db.prepare("SELECT * FROM sessions").get() as Record<string, string>;
  db.close();
  assert.equal(session.id, records[0]!.sessionId);
  assert.equal(session.state, "closed");
  assert.equal(session.stop_reason, "end_turn");
  assert.ok(session.agent_session_id?.startsWith("demo-"));
  assert.ok(session.ended_at);
});

void test("audit list filters by kind and session; show prints one record; bad input is a usage error", async () => {
  const list = await runCli(["audit", "list", "--kind", "permission_decided"], tmp.dir);
  assert.equal(list.code, 0, list.stderr);
  const lines = list.stdout.trim().split("\n");
  assert.equal(lines.length, 1);
  assert.match(
    lines[0]!,
    /permission_decided\s+policy .*reject Write out\.txt \[rule posture:read-only\]/,
  );
  const none = await runCli(["audit", "list", "--session", "ses_nope"], tmp.dir);
  assert.equal(none.stdout, "");
  const show = await runCli(["audit", "show", "4"], tmp.dir);
  assert.match(show.stdout, /^kind {8}permission_decided$/m);
  const shown = await runCli(["audit", "show", "4", "--json"], tmp.dir);
  assert.equal((JSON.parse(shown.stdout) as { kind: string }).kind, "permission_decided");
  assert.equal((await runCli(["audit", "show", "999"], tmp.dir)).code, 1);
  assert.equal((await runCli(["audit", "list", "--kind", "nope"], tmp.dir)).code, 2);
  assert.equal((await runCli(["audit", "list", "--since", "yesterday-ish"], tmp.dir)).code, 2);
  const since = await runCli(["audit", "list", "--since", "1h", "--json"], tmp.dir);
  assert.equal(since.stdout.trim().split("\n").length, 7);
});

void test("--session takes the id prefix audit list shows; --limit N lists the newest N", async () => {
  const list = await runCli(["audit", "list"], tmp.dir);
  const shown = list.stdout.trim().split("\n")[0]!.trim().split(/\s+/)[4]!;
  assert.match(shown, /^ses_[0-9a-f]{8}$/);
  for (const command of ["list", "export"]) {
    const bySession = await runCli(["audit", command, "--session", shown], tmp.dir);
    assert.equal(bySession.code, 0, bySession.stderr);
    assert.equal(bySession.stdout.trim().split("\n").length, 7, `audit ${command}`);
  }
  const newest = await runCli(["audit", "list", "--limit", "2", "--json"], tmp.dir);
  assert.deepEqual(
    newest.stdout
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { id: number }).id),
    [6, 7],
  );
  const oneKind = await runCli(["audit", "list", "--kind", "prompt", "--limit", "5"], tmp.dir);
  assert.equal(oneKind.stdout.trim().split("\n").length, 1);
  for (const bad of ["0", "1.5", "-3", "all"])
    assert.equal((await runCli(["audit", "list", "--limit", bad], tmp.dir)).code, 2, bad);
});

void test("a reader that goes away (audit list | head, audit export | head) ends quietly", async () => {
  for (const args of [
    ["audit", "list"],
    ["audit", "export"],
    ["audit", "list", "--limit", "3"],
  ]) {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: tmp.dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Gone before the first line: every write meets a closed pipe.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    assert.equal(stderr, "", args.join(" "));
    assert.equal(code, 0, args.join(" "));
  }
});
