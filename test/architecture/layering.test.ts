import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Imports point down: a module may import its own folder or a lower rank, never a higher one
 * and never a different folder of the same rank (siblings stay independent).
 */
const RANK: Record<string, number> = {
  util: 0,
  protocol: 1,
  policy: 2,
  config: 3,
  agents: 4,
  workspace: 4,
  audit: 4,
  inputs: 4,
  sessions: 5,
  governance: 6,
  surfaces: 7,
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
      if (!spec.startsWith(".")) continue;
      const to = layerOf(resolve(dirname(file), spec));
      const toRank = RANK[to];
      if (toRank === undefined || to === from) continue;
      if (toRank > fromRank)
        violations.push(`${relative(ROOT, file)} (${from}) imports ${spec} (${to}): upward`);
      else if (toRank === fromRank)
        violations.push(`${relative(ROOT, file)} (${from}) imports ${spec} (${to}): sideways`);
    }
  }
  return [...violations, ...policyIo(sources)];
}

/**
 * policy/ is pure: no module with I/O may be reachable from it, directly or through the
 * files it imports (util included), and it imports no package at all.
 */
function policyIo(sources: Source[]): string[] {
  const byFile = new Map(sources.map((s) => [s.file, s.text]));
  const violations: string[] = [];
  for (const start of sources.filter((s) => layerOf(s.file) === "policy")) {
    const seen = new Set<string>();
    const queue: { file: string; via: string[] }[] = [{ file: start.file, via: [] }];
    while (queue.length) {
      const { file, via } = queue.shift()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const path = [...via, relative(SRC, file)];
      for (const spec of importsOf(byFile.get(file) ?? "")) {
        if (spec.startsWith(".")) {
          const target = resolve(dirname(file), spec).replace(/\.js$/, ".ts");
          if (byFile.has(target)) queue.push({ file: target, via: path });
        } else if (IO_MODULES.test(spec) || !spec.startsWith("node:")) {
          violations.push(`${path.join(" → ")}: policy/ reaches ${spec}`);
        }
      }
    }
  }
  return [...new Set(violations)];
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
    // sideways: same rank, different folder
    { file: join(SRC, "policy", "d.ts"), text: 'import { r } from "../workspace/r.js";' },
    { file: join(SRC, "audit", "a.ts"), text: 'import { s } from "../inputs/s.js";' },
    // I/O two hops away from policy/, through util/
    { file: join(SRC, "policy", "e.ts"), text: 'import { u } from "../util/u.js";' },
    { file: join(SRC, "util", "u.ts"), text: 'import { spawn } from "node:child_process";' },
  ]);
  assert.equal(violations.length, 7, violations.join("\n"));
  assert.ok(
    violations.some((v) => v.includes("policy/e.ts → util/u.ts")),
    violations.join("\n"),
  );
});

/** Statements at the top level of a module that act on the process or wire state at load. */
function loadSideEffects(sources: Source[]): string[] {
  const effect =
    /^(?:process\.(?:on|once|addListener)\(|for \(|[A-Za-z_$][\w$]*\.(?:on|once|onSecret)\()/;
  return sources.flatMap(({ file, text }) =>
    text
      .split("\n")
      .map((line, i) => ({ line, i }))
      .filter(({ line }) => effect.test(line))
      .map(({ i, line }) => `${relative(ROOT, file)}:${i + 1}: ${line.trim()}`),
  );
}

test("no module acts at load: no process listeners, no registry wiring at the top level", () => {
  const sources = sourceFiles(SRC).map((file) => ({ file, text: readFileSync(file, "utf8") }));
  assert.deepEqual(loadSideEffects(sources), []);
  const planted = loadSideEffects([
    { file: join(SRC, "agents", "x.ts"), text: 'process.once("exit", () => {});' },
    { file: join(SRC, "surfaces", "y.ts"), text: "knownSecrets.onSecret(registerSecret);" },
  ]);
  assert.equal(planted.length, 2, planted.join("\n"));
});
