import { strict as assert } from "node:assert";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { SessionEvent } from "../../src/sessions/events.js";
import { createPlane } from "../../src/surfaces/plane.js";
import { isAcpgateError } from "../../src/util/errors.js";
import { inputsWorkspace, PLANTED } from "../support/inputsWorkspace.js";

/** The workspace's config with the echo agent authenticating through a secret in `_meta`. */
function withAuthMeta(cwd: string): void {
  const file = join(cwd, "acpgate.yaml");
  const config = JSON.parse(readFileSync(file, "utf8")) as {
    agents: { echo: Record<string, unknown> };
  };
  config.agents.echo.auth = {
    method: "gateway",
    meta: { gateway: { key: "k ${secret:FROM_CMD}" } },
  };
  writeFileSync(file, JSON.stringify(config));
}

void test("session/load carries the environment's servers; auth _meta gets its secret; events name servers only", async () => {
  const ws = inputsWorkspace();
  withAuthMeta(ws.cwd);
  const plane = createPlane({ cwd: ws.cwd, overrides: { planeEnv: ws.env } });
  try {
    const session = await plane.manager.prepareWithInputs({
      agentId: "echo",
      cwd: ws.cwd,
      environment: "ci",
      start: { how: "load", agentSessionId: "earlier-1" },
    });
    const events: SessionEvent[] = [];
    session.on((event) => events.push(event));
    await session.start();
    const got = ws.readOut();
    assert.equal(got.sessionLoad?.sessionId, "earlier-1");
    assert.deepEqual(
      got.sessionLoad?.mcpServers.map((s) => s.name),
      ["files"],
    );
    assert.deepEqual(got.authenticate?._meta, { gateway: { key: `k ${PLANTED.command}` } });
    const types = events.map((e) => e.type);
    assert.ok(types.indexOf("mcp_server_dropped") < types.indexOf("mcp_servers_given"));
    assert.ok(types.indexOf("mcp_servers_given") < types.indexOf("session_started"));
    const printed = JSON.stringify(events);
    for (const value of Object.values(PLANTED)) assert.ok(!printed.includes(value));
    await session.close();
  } finally {
    await plane.dispose();
  }
});

void test("prepare() refuses an agent whose secrets were not resolved, before spawning it", async () => {
  const ws = inputsWorkspace();
  const plane = createPlane({ cwd: ws.cwd, overrides: { planeEnv: ws.env } });
  try {
    assert.throws(
      () => plane.manager.prepare({ agentId: "echo", cwd: ws.cwd }),
      (e: unknown) => isAcpgateError(e, "secret_missing") && /FROM_ENV, FROM_FILE/.test(e.message),
    );
    assert.equal(plane.manager.list().length, 0);
  } finally {
    await plane.dispose();
  }
});

void test("an environment's policy applies when no --policy is given", () => {
  const ws = inputsWorkspace({
    extra: { environments: { locked: { policy: "no-such-policy" } } },
  });
  assert.throws(
    () => createPlane({ cwd: ws.cwd, environment: "locked", overrides: { planeEnv: ws.env } }),
    /unknown policy 'no-such-policy'/,
  );
});
