import assert from "node:assert/strict";
import { test } from "node:test";
import type { TappedMessage, TappedRun } from "../../src/protocol/tap.js";
import { WireTap } from "../../src/protocol/wireTap.js";

const message: TappedMessage = { direction: "in", message: { jsonrpc: "2.0", method: "m" } };
const run = { lines: ["a", "b"] } as unknown as TappedRun;

void test("a run is for the tap only when every subscriber takes runs; each gets it once", () => {
  const errors: unknown[] = [];
  const tap = new WireTap((error) => errors.push(error));
  const seen: string[] = [];
  const a = tap.on(
    () => seen.push("a:message"),
    () => seen.push("a:run"),
  );
  assert.equal(tap.takesRuns(), true);
  const b = tap.on(() => seen.push("b:message"));
  assert.equal(tap.takesRuns(), false, "b takes messages only");
  b.dispose();
  tap.on(
    () => seen.push("c:message"),
    () => {
      throw new Error("c failed");
    },
  );
  assert.equal(tap.takesRuns(), true);
  tap.emitRun(run);
  tap.emit(message);
  assert.deepEqual(seen, ["a:run", "a:message", "c:message"]);
  assert.equal(errors.length, 1, "a throwing listener is reported, the others still run");
  a.dispose();
  assert.equal(tap.hasListeners, true);
});
