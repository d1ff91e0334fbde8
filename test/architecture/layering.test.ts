import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Imports point down: a module may import its own layer or lower ones, never higher. */
const RANK: Record<string, number> = {
  util: 0,
  protocol: 1,
  config: 2,
  agents: 3,
  policy: 3,
  workspace: 3,
  audit: 3,
  inputs: 3,
  sessions: 4,
  surfaces: 5,
};
/** Node modules with I/O that the pure policy layer must never import. */
const IO_MODULES =
  /^(node:)?(fs|fs\/promises|child_process|net|http|https|dgram|worker_threads|os)$/;

// dist/test/architecture → repo root
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const SRC = join(ROOT, "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

function layerOf(file: string): string {
  return relative(SRC, file).split(sep)[0] ?? "";
}

function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/g))
    found.push(match[1] ?? "");
  for (const match of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g))
    found.push(match[1] ?? "");
  return found;
}

interface Source {
  file: string;
  text: string;
}

function layeringViolations(sources: Source[]): string[] {
  const violations: string[] = [];
  for (const { file, text } of sources) {
    const from = layerOf(file);
    const fromRank = RANK[from];
    if (fromRank === undefined) {
      violations.push(`${relative(ROOT, file)}: folder '${from}' has no layer`);
      continue;
    }
    for (const spec of importsOf(text)) {
      if (from === "policy" && IO_MODULES.test(spec))
        violations.push(`${relative(ROOT, file)}: policy/ must not import ${spec}`);
      if (!spec.startsWith(".")) continue;
      const to = layerOf(resolve(dirname(file), spec));
      const toRank = RANK[to];
      if (toRank !== undefined && toRank > fromRank)
        violations.push(`${relative(ROOT, file)} (${from}) imports ${spec} (${to})`);
    }
  }
  return violations;
}

test("src/ imports point down the layers", () => {
  const sources = sourceFiles(SRC).map((file) => ({ file, text: readFileSync(file, "utf8") }));
  assert.ok(sources.length > 20);
  assert.deepEqual(layeringViolations(sources), []);
});

test("the check catches an upward import, an I/O import in policy/ and an unknown folder", () => {
  const violations = layeringViolations([
    {
      file: join(SRC, "protocol", "x.ts"),
      text: 'import { Session } from "../sessions/session.js";',
    },
    { file: join(SRC, "agents", "y.ts"), text: 'export { x } from "../surfaces/plane.js";' },
    { file: join(SRC, "policy", "z.ts"), text: 'import { readFileSync } from "node:fs";' },
    { file: join(SRC, "misc", "w.ts"), text: "" },
    { file: join(SRC, "sessions", "ok.ts"), text: 'import { x } from "../protocol/tap.js";' },
  ]);
  assert.equal(violations.length, 4, violations.join("\n"));
});
