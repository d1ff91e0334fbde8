import assert from "node:assert/strict";
import { test } from "node:test";
import { dialectFor } from "../../../src/agents/dialects/dialects.js";
import { DialectRouter } from "../../../src/protocol/dialectRouter.js";
import { cursorFixtures } from "../../support/cursorFixtures.js";
import { NEVER, recordingHost } from "../../support/routerHost.js";

/** The reply kind each method gets with no person to ask (questions declined). */
const UNATTENDED_OUTCOME: Record<string, string> = {
  "cursor/task": "completed",
  "cursor/update_todos": "accepted",
  "cursor/create_plan": "rejected",
  "cursor/ask_question": "skipped",
  "cursor/generate_image": "rejected",
};

void test("the fixtures cover every Cursor method in both shapes", () => {
  const fixtures = cursorFixtures();
  for (const method of Object.keys(UNATTENDED_OUTCOME)) {
    for (const shape of ["documented", "wire"]) {
      assert.ok(
        fixtures.some((f) => f.method === method && f.shape === shape),
        `${method} ${shape}`,
      );
    }
  }
  for (const fixture of fixtures) {
    assert.equal(fixture.message.method, fixture.method, fixture.name);
    assert.ok(fixture.provenance.length > 40, `${fixture.name} says where its shape comes from`);
  }
});

for (const fixture of cursorFixtures()) {
  void test(`${fixture.name}: as a request it gets Cursor's nested envelope`, async () => {
    const router = new DialectRouter(dialectFor("cursor"));
    const host = recordingHost();
    const answer = (await router.handleRequest(
      fixture.method,
      fixture.message.params,
      host,
      NEVER,
    )) as { outcome: { outcome: string } };
    assert.equal(answer.outcome.outcome, UNATTENDED_OUTCOME[fixture.method]);
    const record = host.events.find((e) => e.type === "extension");
    assert.equal(record?.type === "extension" && record.accepted, true);
  });

  void test(`${fixture.name}: as a notification it is accepted and never asks`, () => {
    const router = new DialectRouter(dialectFor("cursor"), {
      ask: () => Promise.reject(new Error("a notification must not reach the asker")),
    });
    const host = recordingHost();
    router.handleNotification(fixture.method, fixture.message.params, host);
    const record = host.events.find((e) => e.type === "extension");
    assert.equal(record?.type === "extension" && record.kind, "notification");
    assert.equal(record?.type === "extension" && record.accepted, true, JSON.stringify(record));
    for (const event of host.events) {
      if (event.type === "question" && event.phase === "answered") {
        assert.equal(event.answer?.outcome, "declined");
        assert.equal(event.answer?.by, "acpgate");
      }
    }
  });
}
