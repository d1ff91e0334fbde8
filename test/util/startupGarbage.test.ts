import assert from "node:assert/strict";
import { test } from "node:test";
import { runInNewContext } from "node:vm";
import { collectStartupGarbage } from "../../src/util/startupGarbage.js";

void test("collectStartupGarbage collects once, and leaves gc unexposed as it found it", async () => {
  let target: object | undefined = { big: new Array(1000).fill("x") };
  const ref = new WeakRef(target);
  target = undefined;
  // A WeakRef's target lives to the end of the job that made it.
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(collectStartupGarbage(), true);
  assert.equal(ref.deref(), undefined, "the unreachable object was collected");
  assert.equal(collectStartupGarbage(), false, "only the first call collects");
  assert.equal(runInNewContext("typeof gc"), "undefined", "--expose-gc is off again");
});
