import { strict as assert } from "node:assert";
import { test } from "node:test";
import { MASK, redactValues } from "../../src/util/secretRegistry.js";
import {
  secretRefsDeep,
  secretRefsIn,
  substituteDeep,
  substituteSecrets,
} from "../../src/inputs/secretRefs.js";
import { isAcpgateError } from "../../src/util/errors.js";

void test("${secret:NAME} references are found and substituted; $${ escapes", () => {
  assert.deepEqual(secretRefsIn("Bearer ${secret:TOKEN} ${secret:B} ${secret:TOKEN}"), [
    "TOKEN",
    "B",
  ]);
  assert.deepEqual(secretRefsIn("literal $${secret:NOT_A_REF}"), []);
  assert.equal(
    substituteSecrets("Bearer ${secret:TOKEN}; $${secret:X}", { TOKEN: "t-123" }),
    "Bearer t-123; ${secret:X}",
  );
  assert.throws(
    () => substituteSecrets("${secret:ABSENT}", {}),
    (e: unknown) => isAcpgateError(e, "secret_missing"),
  );
  assert.throws(
    () => secretRefsIn("${secret:bad-name}"),
    (e: unknown) => isAcpgateError(e, "config_invalid"),
  );
});

void test("references deep inside auth meta are found and substituted", () => {
  const meta = {
    gateway: { headers: { Authorization: "Bearer ${secret:GW}" }, list: ["${secret:L}", 3] },
  };
  assert.deepEqual(secretRefsDeep(meta).sort(), ["GW", "L"]);
  assert.deepEqual(substituteDeep(meta, { GW: "gw-value", L: "l-value" }), {
    gateway: { headers: { Authorization: "Bearer gw-value" }, list: ["l-value", 3] },
  });
});

void test("redaction masks every value, also JSON-escaped, longest first; short values are left", () => {
  const values = ['pa"ss\\word', "token-abc", "token-abc-longer", "abcde"];
  const line = JSON.stringify({ a: 'x pa"ss\\word y', b: "token-abc-longer token-abc abcde" });
  assert.equal(
    redactValues(line, values),
    JSON.stringify({ a: `x ${MASK} y`, b: `${MASK} ${MASK} abcde` }),
  );
  assert.equal(redactValues("nothing here", values), "nothing here");
});
