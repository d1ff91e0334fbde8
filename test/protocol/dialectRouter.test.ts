import assert from "node:assert/strict";
import { test } from "node:test";
import { RequestError } from "@agentclientprotocol/sdk";
import { z } from "zod";
import { requestMethod, type Dialect } from "../../src/protocol/dialect.js";
import { DialectRouter } from "../../src/protocol/dialectRouter.js";
import { NEVER, recordingHost } from "../support/routerHost.js";

const quiet: Dialect = {
  name: "quiet",
  requests: {
    "quiet/do": requestMethod(z.looseObject({ count: z.number().int() }), () => undefined),
  },
  notifications: {},
};

void test("a handler that returns nothing answers {}", async () => {
  const router = new DialectRouter(quiet);
  assert.deepEqual(
    await router.handleRequest("quiet/do", { count: 1 }, recordingHost(), NEVER),
    {},
  );
});

void test("bad params answer -32602 naming the nested field", async () => {
  const router = new DialectRouter(quiet);
  await assert.rejects(
    router.handleRequest("quiet/do", { count: 1.5 }, recordingHost(), NEVER),
    (error) =>
      error instanceof RequestError &&
      error.code === -32602 &&
      (error.data as { field: string }).field === "count" &&
      /quiet\/do count/.test(error.message),
  );
});

void test("a method of the prototype chain is not on the allowlist", async () => {
  const router = new DialectRouter(quiet);
  for (const method of ["toString", "__proto__", "constructor"]) {
    await assert.rejects(
      router.handleRequest(method, {}, recordingHost(), NEVER),
      (error) => error instanceof RequestError && error.code === -32601,
    );
  }
});

void test("extension records bound large params to a preview", async () => {
  const router = new DialectRouter(quiet, { maxRecordChars: 100 });
  const host = recordingHost();
  await router.handleRequest("quiet/do", { count: 1, blob: "x".repeat(10_000) }, host, NEVER);
  const record = host.events[0];
  assert.equal(record?.type, "extension");
  const params = record?.type === "extension" ? (record.params as Record<string, unknown>) : {};
  assert.equal(params.truncated, true);
  assert.equal((params.preview as string).length, 100);
  assert.ok((params.length as number) > 10_000);
});
