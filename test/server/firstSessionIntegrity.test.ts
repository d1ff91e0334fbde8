import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { integrityOf } from "../../src/governance/integrityWatch.js";
import { apiHarness, waitFor } from "../support/apiHarness.js";

test("serve's first session in a fresh workspace: the audit store created after its baseline is no protected change", async () => {
  const api = apiHarness();
  try {
    assert.equal(existsSync(join(api.dir, ".acpgate")), false, "no store before the session");
    const created = await api.call("POST", "/api/agent-sessions", "operator", {
      agent: "demo",
      cwd: api.dir,
      prompt: "@say hello",
    });
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: string };
    const session = api.plane.manager.get(id);
    await waitFor(
      "the turn to end",
      () => session.log.read(0).events.some((e) => e.type === "turn_ended") || undefined,
    );
    assert.ok(existsSync(join(api.dir, ".acpgate")), "the store opened during the session");
    const watch = integrityOf(session);
    assert.ok(watch, "the session has an integrity watch");
    assert.deepEqual(await watch.settled(), []);
    assert.deepEqual(
      session.log.read(0).events.filter((e) => e.type === "protected_path_changed"),
      [],
    );
  } finally {
    await api.close();
  }
});
