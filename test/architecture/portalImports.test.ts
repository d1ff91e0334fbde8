import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { REPO_ROOT } from "../support/repoRoot.js";

const WEB = join(REPO_ROOT, "web", "src");
/** What the page may name from the server: the API's types and the schemas of its bodies. */
const ALLOWED = new Set(["src/surfaces/server/apiTypes.ts", "src/surfaces/server/apiSchemas.ts"]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Imports of web/src that leave web/: each must be type-only and name an API type module. */
export function portalViolations(sources: { file: string; text: string }[]): string[] {
  const out: string[] = [];
  const pattern = /^(import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms;
  for (const { file, text } of sources)
    for (const m of text.matchAll(pattern)) {
      const spec = m[3] ?? "";
      if (!spec.startsWith(".")) continue;
      const target = relative(REPO_ROOT, resolve(dirname(file), spec)).replace(/\.js$/, ".ts");
      if (target.startsWith("web/")) continue;
      const where = `${relative(REPO_ROOT, file)} → ${spec}`;
      if (!m[2]) out.push(`${where}: not type-only (the page uses only the HTTP API)`);
      else if (!ALLOWED.has(target)) out.push(`${where}: not an API type module`);
    }
  return out;
}

test("web/ uses only the HTTP API: from src/ it imports types, and only the API's", () => {
  const sources = files(WEB).map((file) => ({ file, text: readFileSync(file, "utf8") }));
  assert.ok(sources.length > 20, "the portal's sources are found");
  assert.deepEqual(portalViolations(sources), []);
});

test("the portal import check catches a runtime import and a type from inside the core", () => {
  const file = join(WEB, "x.ts");
  assert.deepEqual(
    portalViolations([
      { file, text: 'import { createApp } from "../../src/surfaces/server/createApp.js";' },
      { file, text: 'import type { Session } from "../../src/sessions/session.js";' },
      { file, text: 'import type { SessionView } from "../../src/surfaces/server/apiTypes.js";' },
      { file, text: 'import { Link } from "./common/Link.js";' },
    ]).map((v) => v.split(": ")[1]),
    ["not type-only (the page uses only the HTTP API)", "not an API type module"],
  );
});
