import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import type { AuditRecord } from "../../src/audit/auditRecord.js";
import { canonicalJson } from "../../src/audit/canonicalJson.js";
import { recordHash } from "../../src/audit/hashChain.js";
import { Redactor, REDACTED } from "../../src/audit/redactor.js";

const record: AuditRecord = {
  id: 7,
  time: "2026-11-30T04:00:00.000Z",
  sessionId: "ses_0123456789ab",
  agentId: "demo",
  surface: "cli",
  actor: "policy",
  kind: "permission_asked",
  requestId: "perm_01234567_1",
  tool: { kind: "edit", paths: ["src/a.ts"], title: 'Write \u00e9 "a"' },
  data: { request: { toolCall: { toolCallId: "c1", rawInput: { n: [1, null, 2.5] } } }, z: {} },
  prevHash: "ab".repeat(32),
  hash: "",
};

void test("the record hash is sha256(prevHash, newline, canonical JSON without hash), with or without a hash field", () => {
  const { hash: _h, ...body } = record;
  const expected = createHash("sha256")
    .update(record.prevHash)
    .update("\n")
    .update(canonicalJson(body))
    .digest("hex");
  assert.equal(recordHash(body), expected);
  assert.equal(recordHash({ ...record, hash: "ff" }), expected);
  assert.equal(
    canonicalJson({ b: [1, undefined, "x"], a: { d: undefined, c: true } }),
    '{"a":{"c":true},"b":[1,null,"x"]}',
  );
});

void test("redactJson gives what JSON.stringify/parse then redaction gives, in one walk", () => {
  const redactor = new Redactor();
  redactor.registerSecret("s3cret-value");
  const input = {
    when: new Date("2026-11-30T04:00:00.000Z"),
    gone: undefined,
    fn: () => 1,
    list: [undefined, () => 2, Number.NaN, Infinity, -0, "token s3cret-value"],
    nested: { "s3cret-value": "Bearer abcdefghijklmnop", n: null, ok: false },
  };
  const viaJson = redactor.redactValue(JSON.parse(JSON.stringify(input)) as unknown);
  assert.deepEqual(redactor.redactJson(input), viaJson);
  assert.deepEqual(redactor.redactJson(input), {
    when: "2026-11-30T04:00:00.000Z",
    list: [null, null, null, null, 0, `token ${REDACTED}`],
    nested: { [REDACTED]: `Bearer ${REDACTED}`, n: null, ok: false },
  });
  assert.throws(() => redactor.redactJson({ big: 1n }), TypeError);
});
