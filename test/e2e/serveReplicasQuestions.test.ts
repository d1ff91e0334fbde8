import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURES } from "../support/cli.js";
import { CURSOR_FIXTURE_DIR } from "../support/cursorFixtures.js";
import { readAgentLog, repliesByLabel } from "../support/extensionAgent.js";
import { testPostgres, type TestPostgres } from "../support/postgres.js";
import {
  apiOf,
  makeToken,
  startReplica,
  until,
  writeReplicaConfig,
} from "../support/replicaCluster.js";
import type { ServeProcess } from "../support/serveProcess.js";
import { tempDir } from "../support/tempDir.js";

let pg: TestPostgres | { skip: string };
before(async () => {
  pg = await testPostgres();
});
after(async () => {
  if ("stop" in pg) await pg.stop();
});

test("an agent's question on replica A is listed and answered on replica B", async (t) => {
  if ("skip" in pg) return t.skip(pg.skip);
  const ws = tempDir({});
  const logFile = join(ws.dir, "agent.log");
  const env = {
    CURSOR_AGENT_FIXTURES: join(CURSOR_FIXTURE_DIR, "ask_question.wire.json"),
    CURSOR_AGENT_LOG: logFile,
  };
  const cursor = [
    "  cursor:",
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: [${JSON.stringify(join(FIXTURES, "cursorAgent.js"))}, acp]`,
    `    env: ${JSON.stringify(env)}`,
    "    fileAccess: client",
    "    dialect: cursor",
    "",
  ].join("\n");
  writeReplicaConfig(ws.dir, await pg.freshDatabase(), {}, cursor);
  const alice = await makeToken(ws.dir, "approver", "alice");
  const servers: ServeProcess[] = [];
  try {
    servers.push(await startReplica(ws.dir, "q-a"), await startReplica(ws.dir, "q-b"));
    const [onA, onB] = servers.map((s) => apiOf(s, alice)) as [
      ReturnType<typeof apiOf>,
      ReturnType<typeof apiOf>,
    ];
    const created = await onA("/api/agent-sessions", {
      method: "POST",
      body: JSON.stringify({ agent: "cursor", cwd: ws.dir, prompt: "go" }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const { id } = (await created.json()) as { id: string };
    const question = await until("the question on B", async () => {
      const list = await onB(`/api/questions?session=${id}`);
      return ((await list.json()) as { items: { id: string }[] }).items[0];
    });
    const answered = await onB(`/api/questions/${question.id}/answer`, {
      method: "POST",
      body: JSON.stringify({
        outcome: "answered",
        answers: [
          { questionId: "q_scope", selectedOptionIds: ["core", "cli"] },
          { questionId: "q_tests", selectedOptionIds: ["yes"] },
        ],
      }),
    });
    assert.equal(answered.status, 200, await answered.clone().text());
    assert.equal(answered.headers.get("x-acpgate-replica"), "q-a");
    assert.equal(((await answered.json()) as { by: string }).by, "token:alice");
    const view = await until("the turn to end", async () => {
      const v = (await (await onB(`/api/agent-sessions/${id}`)).json()) as {
        state: string;
        stopReason?: string;
      };
      return v.state === "ready" && v.stopReason ? v : undefined;
    });
    assert.equal(view.stopReason, "end_turn", "the agent on A read a proper answer");
    const reply = repliesByLabel(readAgentLog(logFile)).get("ask_question.wire") as
      { result?: { outcome?: { outcome?: string } } } | undefined;
    assert.equal(reply?.result?.outcome?.outcome, "answered", JSON.stringify(reply));
    const left = await onB("/api/questions");
    assert.deepEqual(((await left.json()) as { items: unknown[] }).items, []);
  } finally {
    for (const s of servers) await s.stop("SIGKILL");
    ws.cleanup();
  }
});
