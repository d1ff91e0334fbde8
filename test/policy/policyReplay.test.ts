import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { runCli } from "../support/acpgateCli.js";
import { jsonLines } from "../support/cli.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-policy-replay-");
after(() => tmp.remove());

interface ReplayDoc {
  schema: string;
  policy: string;
  filter: { session: string | null; since: string | null };
  summary: { total: number; same: number; allow: number; refuse: number; ask: number };
  requests: {
    sessionId: string;
    paths: string[];
    change: string;
    recorded: { outcome: string; ruleId: string | null };
    replayed: { outcome: string; ruleId: string };
  }[];
}

/** `--json` is JSON Lines: one `request` line per replayed request, then the `summary` line. */
function replayDoc(stdout: string): ReplayDoc {
  const lines = jsonLines(stdout);
  const summary = lines.at(-1)!;
  assert.equal(summary.type, "summary");
  for (const line of lines) assert.equal(line.schema, "acpgate.policy-replay.v2");
  assert.ok(lines.slice(0, -1).every((line) => line.type === "request"));
  return { ...summary, requests: lines.slice(0, -1) } as unknown as ReplayDoc;
}

before(async () => {
  mkdirSync(join(tmp.dir, "src"));
  writeFileSync(
    join(tmp.dir, "edit-src.yaml"),
    [
      "edit-src:",
      "  posture: read-only",
      "  allow:",
      "    - id: edit-src.sources",
      "      kind: edit",
      "      paths: src/**",
      "",
    ].join("\n"),
  );
  // A real run under read-only: both writes are refused and recorded.
  const run = await runCli(
    ["run", "--policy", "read-only", "@write src/a.ts x\n@write notes.md y"],
    tmp.dir,
  );
  assert.equal(run.code, 5, run.stderr);
});

void test("replay under a policy allowing edits in src/** reports exactly src/a.ts as changed", async () => {
  const replay = await runCli(
    ["policy", "replay", "--policy", "edit-src", "--policies-file", "edit-src.yaml", "--json"],
    tmp.dir,
  );
  assert.equal(replay.code, 0, replay.stderr);
  const doc = replayDoc(replay.stdout);
  assert.equal(doc.policy, "edit-src");
  assert.deepEqual(doc.summary, { total: 2, same: 1, allow: 1, refuse: 0, ask: 0 });
  const changed = doc.requests.filter((r) => r.change !== "same");
  assert.equal(changed.length, 1);
  assert.deepEqual(changed[0]!.paths, ["src/a.ts"]);
  assert.equal(changed[0]!.recorded.outcome, "reject");
  assert.equal(changed[0]!.replayed.outcome, "allow");
  assert.equal(changed[0]!.replayed.ruleId, "edit-src.sources");
  const unchanged = doc.requests.find((r) => r.change === "same")!;
  assert.deepEqual(unchanged.paths, ["notes.md"]);
  assert.equal(unchanged.replayed.outcome === "allow", false);

  const text = await runCli(
    ["policy", "replay", "--policy", "edit-src", "--policies-file", "edit-src.yaml"],
    tmp.dir,
  );
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /would now allow .*src\/a\.ts/);
  assert.doesNotMatch(text.stdout, /notes\.md/);
  assert.match(
    text.stdout,
    /2 recorded permission requests: 1 same, 1 would now allow, 0 would now refuse, 0 would now ask/,
  );
});

void test("replay under the recorded policy changes nothing; filters and bad input", async () => {
  const same = await runCli(["policy", "replay", "--policy", "read-only", "--json"], tmp.dir);
  assert.equal(same.code, 0, same.stderr);
  const doc = replayDoc(same.stdout);
  assert.equal(doc.summary.total, 2);
  assert.equal(doc.summary.same, 2);

  const future = await runCli(
    ["policy", "replay", "--policy", "workspace-write", "--since", "2999-01-01", "--json"],
    tmp.dir,
  );
  assert.equal(future.code, 0, future.stderr);
  assert.equal(replayDoc(future.stdout).summary.total, 0);

  const other = await runCli(
    ["policy", "replay", "--policy", "workspace-write", "--session", "ses_nope", "--json"],
    tmp.dir,
  );
  assert.equal(replayDoc(other.stdout).summary.total, 0);
  // --session takes the prefix `audit list` shows, as it takes a full id.
  const sessionId = doc.requests[0]!.sessionId;
  const byPrefix = await runCli(
    ["policy", "replay", "--policy", "read-only", "--session", sessionId.slice(0, 12), "--json"],
    tmp.dir,
  );
  assert.equal(byPrefix.code, 0, byPrefix.stderr);
  const prefixed = replayDoc(byPrefix.stdout);
  assert.equal(prefixed.summary.total, 2);
  assert.equal(prefixed.filter.session, sessionId);

  const missing = await runCli(["policy", "replay"], tmp.dir);
  assert.equal(missing.code, 2);
  const unknown = await runCli(["policy", "replay", "--policy", "no-such-policy"], tmp.dir);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown policy 'no-such-policy'/);
  const noFile = await runCli(
    ["policy", "replay", "--policy", "x", "--policies-file", "missing.yaml"],
    tmp.dir,
  );
  assert.equal(noFile.code, 2);
});
