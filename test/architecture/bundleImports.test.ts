import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

// The CLI bundle (scripts/bundle.mjs) takes node:http through require(): on Node 22 an ESM
// import of it reads every export, and the lazy WebSocket getters load undici (~30 ms of a
// one-shot run). What the shim exports is what the bundled server and egress proxy use.
const BUNDLE = fileURLToPath(new URL("../../src/surfaces/cli/acpgate.bundle.js", import.meta.url));

void test("the CLI bundle has no ESM import of node:http, and its shim leaves the lazy getters out", () => {
  const text = readFileSync(BUNDLE, "utf8");
  assert.doesNotMatch(text, /from\s*["'](node:)?http["']/);
  assert.match(text, /require\(['"]node:http['"]\)/);
  assert.match(text, /=\s*http\.createServer\b/);
  assert.doesNotMatch(text, /=\s*http\.WebSocket\b/);
});
