import assert from "node:assert/strict";
import { test } from "node:test";
import { RequestError } from "@agentclientprotocol/sdk";
import { dialectFor } from "../../../src/agents/dialects/dialects.js";
import { DialectRouter } from "../../../src/protocol/dialectRouter.js";
import { NEVER, recordingHost } from "../../support/routerHost.js";

void test("canonical accepts no request, surfaces `_` notifications, ignores others", async () => {
  const router = new DialectRouter(dialectFor("canonical"));
  const host = recordingHost();
  for (const method of ["cursor/task", "_vendor/x", "vendor/thing"]) {
    await assert.rejects(
      router.handleRequest(method, {}, host, NEVER),
      (error) =>
        error instanceof RequestError &&
        error.code === -32601 &&
        (error.data as { method: string }).method === method,
    );
  }
  router.handleNotification("_zed.dev/state", { a: 1 }, host);
  router.handleNotification("cursor/ping", {}, host);
  assert.deepEqual(
    host.events.filter((e) => e.type === "vendor_notification"),
    [
      {
        type: "vendor_notification",
        method: "_zed.dev/state",
        vendor: "zed.dev",
        params: { a: 1 },
      },
    ],
  );
  const ignored = host.events.find((e) => e.type === "extension" && e.method === "cursor/ping");
  assert.equal(ignored?.type === "extension" && ignored.accepted, false);
});
