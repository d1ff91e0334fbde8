import { test } from "node:test";
import assert from "node:assert/strict";
import { parseDuration } from "../../src/util/duration.js";
import { TextRingBuffer } from "../../src/util/ringBuffer.js";
import { exitCodeForError, exitCodeForTurn } from "../../src/surfaces/cli/exitCodes.js";
import { pickOption } from "../../src/governance/permissionAnswer.js";
import { SessionStateMachine } from "../../src/sessions/sessionState.js";
import { isAcpgateError } from "../../src/util/errors.js";

test("durations", () => {
  assert.equal(parseDuration("250ms"), 250);
  assert.equal(parseDuration("30s"), 30_000);
  assert.equal(parseDuration("2m"), 120_000);
  assert.equal(parseDuration("1.5h"), 5_400_000);
  assert.equal(parseDuration("45"), 45_000);
  assert.throws(
    () => parseDuration("soon"),
    (e) => isAcpgateError(e, "usage"),
  );
});

test("the stderr ring buffer keeps the tail", () => {
  const ring = new TextRingBuffer(12);
  ring.push("line one\n");
  ring.push("line two\nline three\n");
  assert.ok(ring.text().length <= 12);
  assert.deepEqual(ring.lastLines(1), ["line three"]);
  const big = new TextRingBuffer(4);
  big.push("abcdefgh");
  assert.equal(big.text(), "efgh");
});

test("exit codes follow the documented table", () => {
  const turn = {
    stopReason: "end_turn",
    permissionsAllowed: 0,
    permissionsRejected: 0,
    timedOut: false,
    interrupted: false,
  };
  assert.equal(exitCodeForTurn(turn), 0);
  assert.equal(exitCodeForTurn({ ...turn, permissionsRejected: 1 }), 5);
  assert.equal(exitCodeForTurn({ ...turn, permissionsRejected: 1, permissionsAllowed: 1 }), 0);
  assert.equal(exitCodeForTurn({ ...turn, stopReason: "max_tokens" }), 6);
  assert.equal(exitCodeForTurn({ ...turn, stopReason: "refusal" }), 6);
  assert.equal(exitCodeForTurn({ ...turn, stopReason: "cancelled" }), 130);
  assert.equal(exitCodeForTurn({ ...turn, timedOut: true, stopReason: "cancelled" }), 3);
  // The agent's own `cancelled` after a refusal is the refusal; 130 is acpgate cancelling.
  const refusedThenCancelled = { ...turn, stopReason: "cancelled", permissionsRejected: 1 };
  assert.equal(exitCodeForTurn(refusedThenCancelled), 5);
  assert.equal(exitCodeForTurn({ ...refusedThenCancelled, interrupted: true }), 130);
  assert.equal(exitCodeForTurn({ ...turn, interrupted: true }), 130);
  assert.equal(exitCodeForError("config_invalid"), 2);
  assert.equal(exitCodeForError("capability_missing"), 4);
  assert.equal(exitCodeForError("agent_exited"), 1);
});

test("options are picked by kind, never by id; allow_always only when asked", () => {
  const options = [
    { optionId: "allow-once", name: "Allow", kind: "allow_once" as const },
    { optionId: "x1", name: "Always", kind: "allow_always" as const },
    { optionId: "no", name: "No", kind: "reject_once" as const },
  ];
  assert.equal(pickOption(options, { outcome: "allow" })?.optionId, "allow-once");
  assert.equal(pickOption(options, { outcome: "allow", scope: "always" })?.optionId, "x1");
  assert.equal(pickOption(options, { outcome: "reject" })?.optionId, "no");
  assert.equal(pickOption(options.slice(0, 2), { outcome: "reject" }), undefined);
});

test("the session state machine refuses illegal steps", () => {
  const machine = new SessionStateMachine();
  assert.throws(
    () => machine.move("prompting"),
    (e) => isAcpgateError(e, "session_state"),
  );
  machine.move("ready");
  machine.move("prompting");
  machine.move("ready");
  machine.move("closing");
  machine.move("closed");
  assert.ok(machine.isFinal);
  assert.throws(() => machine.move("ready"));
});
