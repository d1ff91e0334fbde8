import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

// The CLI bundle (scripts/bundle.mjs) is one CommonJS file the launcher compiles from V8's
// code cache (bundleLauncher.ts): it must not need the ESM loader at run time. An ESM import
// of node:http would also build its facade, whose lazy WebSocket getters load undici (~30 ms
// of a one-shot run on Node 22).
const BUNDLE = fileURLToPath(new URL("../../src/surfaces/cli/acpgate.bundle.cjs", import.meta.url));

void test("the CLI bundle is CommonJS with no import(), no import.meta and node:http by require()", () => {
  const text = readFileSync(BUNDLE, "utf8");
  assert.doesNotMatch(text, /\bimport\s*\(/);
  assert.doesNotMatch(text, /\bimport\.meta\b/);
  assert.doesNotMatch(text, /^\s*import\s/m);
  assert.match(text, /require\(["']node:http["']\)/);
});
