import assert from "node:assert/strict";
import { test } from "node:test";
import { GroupCommit } from "../../src/audit/groupCommit.js";

/** A committer whose commits finish only when the test says so, in any order. */
function heldCommits() {
  const calls: { items: number[]; finish(): void; fail(error: Error): void }[] = [];
  const commit = (items: number[]): Promise<string[]> =>
    new Promise((resolve, reject) => {
      calls.push({
        items,
        finish: () => resolve(items.map((i) => `r${i}`)),
        fail: reject,
      });
    });
  return { calls, commit };
}
const turns = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

void test("items submitted while a commit is in flight wait for it and go together in the next", async () => {
  const { calls, commit } = heldCommits();
  const group = new GroupCommit(commit);
  const first = group.submit(1);
  await turns(2);
  const later = [group.submit(2), group.submit(3)];
  await turns(2);
  assert.deepEqual(
    calls.map((c) => c.items),
    [[1]],
  );
  calls[0]!.finish();
  await first;
  await turns(2);
  assert.deepEqual(
    calls.map((c) => c.items),
    [[1], [2, 3]],
  );
  calls[1]!.finish();
  assert.deepEqual(await Promise.all(later), ["r2", "r3"]);
});

void test("an item that overtakes is handed over with those queued before it while a commit is in flight; each settles with its own, drain waits for all", async () => {
  const { calls, commit } = heldCommits();
  const group = new GroupCommit(commit, 1000, (item) => item === 3);
  const first = group.submit(1);
  await turns(2);
  const second = group.submit(2);
  await turns(2);
  assert.equal(calls.length, 1, "2 waits for the commit in flight");
  const third = group.submit(3);
  await turns(2);
  assert.deepEqual(
    calls.map((c) => c.items),
    [[1], [2, 3]],
  );
  let drained = false;
  const drain = group.drain().then(() => (drained = true));
  calls[0]!.finish();
  assert.equal(await first, "r1");
  await turns(2);
  assert.equal(drained, false, "the overtaking batch is still in flight");
  calls[1]!.fail(new Error("refused"));
  await assert.rejects(second, /refused/);
  await assert.rejects(third, /refused/);
  await drain;
  assert.equal(drained, true);
  assert.equal(calls.length, 2);
});
