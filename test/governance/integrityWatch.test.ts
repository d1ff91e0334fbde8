import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { CHECK_WAIT_MS, IntegrityWatch } from "../../src/governance/integrityWatch.js";
import type { SessionScope } from "../../src/governance/protectedScope.js";
import {
  EVENT_SCHEMA,
  type SessionEvent,
  type SessionEventBody,
} from "../../src/sessions/events.js";
import type { StartedSession } from "../../src/sessions/sessionGuard.js";
import { Emitter } from "../../src/util/emitter.js";
import { scratchDir } from "../support/scratchDir.js";
import { countFsCalls } from "../support/countFsCalls.js";

const tmp = scratchDir("acpgate-integrity-watch-");
after(() => tmp.remove());

/** The part of a session the watch uses: its events, both ways. */
function sessionEvents(): { session: StartedSession; seen: SessionEventBody[] } {
  const events = new Emitter<SessionEvent>();
  const seen: SessionEventBody[] = [];
  let seq = 0;
  const emit = (body: SessionEventBody): void => {
    seen.push(body);
    events.emit({ ...body, schema: EVENT_SCHEMA, seq: ++seq, time: "", sessionId: "ses_1" });
  };
  const session = { id: "ses_1", emit, on: events.on.bind(events) };
  return { session: session as unknown as StartedSession, seen };
}

void test("the check after a turn reads the protected paths after the writes that turn queued (the answer), and settled() waits for it", async () => {
  const config = join(tmp.dir, "acpgate.yaml");
  writeFileSync(config, "agents: {}\n");
  const scope: SessionScope = {
    whole: [config],
    ruleOf: () => "protected:config",
    display: () => "acpgate.yaml",
  };
  const watch = new IntegrityWatch(scope);
  const { session, seen } = sessionEvents();
  await watch.attach(session);
  session.emit({ type: "turn_ended", stopReason: "end_turn" });
  // Queued in the same turn of the event loop, promise hops after the turn ended, as the
  // editor's answer is (the SDK's promise chains, then coalesced output): the check comes after.
  for (let i = 0; i < 10; i++) await Promise.resolve();
  setImmediate(() => writeFileSync(config, "agents: {} # rewritten\n"));
  const changes = await watch.settled();
  assert.deepEqual(
    changes.map((c) => `${c.path} ${c.change}`),
    ["acpgate.yaml modified"],
  );
  assert.equal(seen.filter((e) => e.type === "protected_path_changed").length, 1);
  // Every turn is checked: a second change after a second turn is its own.
  session.emit({ type: "turn_ended", stopReason: "end_turn" });
  writeFileSync(config, "agents: {} # again\n");
  assert.equal((await watch.settled()).length, 2);
});

void test("turns that end within CHECK_WAIT_MS share one check, which reads the paths after the last; alone, a turn's check starts when the wait is up", async (t) => {
  const config = join(tmp.dir, "shared.yaml");
  writeFileSync(config, "agents: {}\n");
  const scope: SessionScope = {
    whole: [config],
    ruleOf: () => "protected:config",
    display: () => "shared.yaml",
  };
  const watch = new IntegrityWatch(scope);
  const { session, seen } = sessionEvents();
  await watch.attach(session);
  const stats = countFsCalls(t, "lstatSync");
  t.mock.timers.enable({ apis: ["setTimeout"] });
  session.emit({ type: "turn_ended", stopReason: "end_turn" });
  writeFileSync(config, "agents: {} # turn 2\n");
  session.emit({ type: "turn_ended", stopReason: "end_turn" });
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
  assert.equal(stats.count, 0, "no check before the wait is up");
  t.mock.timers.tick(CHECK_WAIT_MS);
  const reported = () => seen.some((e) => e.type === "protected_path_changed");
  for (let i = 0; i < 100 && !reported(); i++) await new Promise((r) => setImmediate(r));
  assert.ok(reported(), "the check ran when the wait was up, before anyone asked");
  await watch.settled();
  assert.equal(stats.count, 1, "one fingerprint of the one file for both turns");
  assert.deepEqual(
    seen.filter((e) => e.type === "protected_path_changed").map((e) => e.type),
    ["protected_path_changed"],
  );
  // settled() does not wait out the timer: it starts a waiting check at once.
  session.emit({ type: "turn_ended", stopReason: "end_turn" });
  writeFileSync(config, "agents: {} # turn 3\n");
  assert.equal((await watch.settled()).length, 2);
  assert.equal(stats.count, 2);
  t.mock.timers.reset();
});

void test("acpgate's own store directory appearing after the baseline is no change; an entry planted in it is", async () => {
  const root = join(tmp.dir, "own-dir");
  const store = join(root, ".acpgate");
  const db = join(store, "acpgate.db");
  mkdirSync(root);
  const scope: SessionScope = {
    whole: [store],
    exclude: (path) => path.startsWith(db),
    ownDir: (path) => path === store,
    ruleOf: () => "protected:.acpgate",
    display: (path) => path.slice(root.length + 1),
  };
  const watch = new IntegrityWatch(scope);
  const { session } = sessionEvents();
  await watch.attach(session);
  // What the audit store does when it first opens: its directory, then its files.
  mkdirSync(store);
  writeFileSync(db, "sqlite");
  writeFileSync(`${db}-wal`, "wal");
  assert.deepEqual(await watch.check(), []);
  writeFileSync(join(store, "planted.yaml"), "x: 1\n");
  assert.deepEqual(
    (await watch.check()).map((c) => `${c.path} ${c.change}`),
    [".acpgate/planted.yaml created"],
  );
});
