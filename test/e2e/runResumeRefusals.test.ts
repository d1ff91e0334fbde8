import assert from "node:assert/strict";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ofType, resumeWorkspace, type ResumeRun } from "../support/resumeWorkspace.js";

// `acpgate run --resume` refuses (exit 4) and says why whenever it cannot continue the
// recorded session as it was: never a silent new session, never a silent mode change.

function refused(run: ResumeRun, code: string, message: RegExp): void {
  assert.equal(run.code, 4, run.stderr + run.stdout);
  const error = run.finished?.error as { code?: string; message?: string } | undefined;
  assert.equal(error?.code, code);
  assert.match(error?.message ?? "", message);
  assert.ok(
    ofType(run.events, "session_started").every((e) => e.how !== "new"),
    "a new session was started in its place",
  );
}

test("refused before any agent starts: unknown session, another cwd, agent, policy or environment", async () => {
  const ws = resumeWorkspace();
  try {
    const first = await ws.run(["run", "--name", "job", "--format", "json", "@say one"]);
    assert.equal(first.code, 0, first.stderr);
    const json = ["--format", "json", "@say two"];
    mkdirSync(join(ws.dir, "sub"));
    const cases: [string[], RegExp][] = [
      [["--resume", "nope"], /cannot resume 'nope': no session with that id or name/],
      [["--resume", "job", "--cwd", "sub"], /its cwd was '.*'; this run asks for '.*\/sub'/],
      [
        ["--resume", "job", "--agent", "loadonly"],
        /its agent was 'demo'; this run asks for 'loadonly'/,
      ],
      [
        ["--resume", "job", "--policy", "workspace-write"],
        /its policy was 'read-only'; this run asks for 'workspace-write'/,
      ],
      [
        ["--resume", "job", "--env", "ci"],
        /its environment was '\(none\)'; this run asks for 'ci'/,
      ],
    ];
    for (const [flags, message] of cases) {
      const run = await ws.run(["run", ...flags, ...json]);
      refused(run, "resume_refused", message);
      assert.deepEqual(
        run.events.filter((e) => e.type !== "run_finished"),
        [],
        "an agent was started",
      );
    }

    const taken = await ws.run(["run", "--name", "job", "--format", "json", "@say again"]);
    assert.equal(taken.code, 2, taken.stderr);
    assert.match(
      String((taken.finished?.error as { message?: string }).message),
      /--name 'job' is taken by session ses_/,
    );
  } finally {
    ws.cleanup();
  }
});

test("an agent that can neither resume nor load, or cannot find the session: exit 4, no new session", async () => {
  const ws = resumeWorkspace();
  try {
    const first = await ws.run(["run", "--agent", "neither", "--name", "n1", "@say one"]);
    assert.equal(first.code, 0, first.stderr);
    const neither = await ws.run(["run", "--resume", "n1", "--format", "json", "@say two"]);
    refused(
      neither,
      "capability_missing",
      /can neither resume nor load session .*no new session was started/,
    );

    const demo = await ws.run(["run", "--name", "d1", "@say one"]);
    assert.equal(demo.code, 0, demo.stderr);
    // The agent's own record of the session is gone (a stale store on acpgate's side).
    const history = join(ws.tmp, "acpgate-demo");
    for (const file of readdirSync(history)) rmSync(join(history, file));
    const stale = await ws.run(["run", "--resume", "d1", "--format", "json", "@say two"]);
    refused(
      stale,
      "resume_refused",
      /agent 'demo' could not resume session 'demo-.*': .*no new session was started/,
    );
  } finally {
    ws.cleanup();
  }
});

test("a recorded mode that can no longer be restored refuses; the refused run is never the one continued", async () => {
  const ws = resumeWorkspace();
  try {
    const first = await ws.run([
      "run",
      "--name",
      "w",
      "--policy",
      "workspace-write",
      "--format",
      "json",
      "@say one",
    ]);
    assert.equal(first.code, 0, first.stderr);
    // The demo's `code` is no longer mapped: unknown risk, allowed under no policy.
    ws.writeConfig("{ ask: read-only }");
    const changed = await ws.run(["run", "--resume", "w", "--format", "json", "@say two"]);
    refused(
      changed,
      "resume_refused",
      /cannot restore mode 'code' of the resumed session: it is not allowed under policy 'workspace-write'/,
    );
    assert.deepEqual(ofType(changed.events, "turn_started"), [], "a prompt was sent");
    assert.deepEqual(ofType(changed.events, "mode_changed"), [], "the mode was changed");

    // The agent comes back in the recorded mode itself (`ask`), which is no longer mapped.
    const reader = await ws.run(["run", "--name", "r", "--format", "json", "@say one"]);
    assert.equal(reader.code, 0, reader.stderr);
    ws.writeConfig("{ code: workspace-write }");
    const unmapped = await ws.run(["run", "--resume", "r", "--format", "json", "@say two"]);
    refused(
      unmapped,
      "resume_refused",
      /cannot restore mode 'ask' .*not allowed under policy 'read-only'/,
    );
    assert.deepEqual(ofType(unmapped.events, "turn_started"), [], "a prompt was sent");

    ws.writeConfig();
    const again = await ws.run(["run", "--resume", "w", "--format", "json", "@say three"]);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(again.finished?.resumedFrom, first.finished?.sessionId);
    assert.deepEqual(
      ofType(again.events, "mode_changed").map((e) => e.modeId),
      ["code"],
    );
  } finally {
    ws.cleanup();
  }
});
