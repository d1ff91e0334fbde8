import { readdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { configSchema } from "../../src/config/schema.js";
import { resolvePolicy } from "../../src/config/compilePolicy.js";
import type { Decision, Posture } from "../../src/policy/policyTypes.js";
import { decide } from "../../src/policy/decide.js";
import { viewFromJson } from "../../src/governance/viewFromJson.js";
import { WorkspaceRoots } from "../../src/workspace/pathFacts.js";
import type { PolicyWorkspace } from "./policyWorkspace.js";
import { REPO_ROOT } from "./repoRoot.js";

export interface CorpusCase {
  name: string;
  policy?: string;
  request: Record<string, unknown>;
  expect: { outcome: Decision["outcome"]; ruleId?: string; scope?: "once" | "always" };
}

export interface CorpusFile {
  file: string;
  description: string;
  policies: Record<string, unknown>;
  policy?: string;
  modes?: Record<string, Posture>;
  cases: CorpusCase[];
}

export const CORPUS_DIR = join(REPO_ROOT, "test/fixtures/policy");

export function loadCorpus(): CorpusFile[] {
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => ({
      file,
      ...(JSON.parse(readFileSync(join(CORPUS_DIR, file), "utf8")) as Omit<CorpusFile, "file">),
    }));
}

/** `$WS`, `$OUT`, `$ROOT` in a case stand for the temp workspace's real paths. */
function substitute(value: unknown, ws: PolicyWorkspace): unknown {
  if (typeof value === "string")
    return value
      .replaceAll("$WS", ws.ws)
      .replaceAll("$OUT", ws.outside)
      .replaceAll("$ROOT", ws.root)
      .replace(/^\$HOME(?=\/|$)/, (m) => (m ? "$HOME" : homedir()));
  if (Array.isArray(value)) return value.map((v) => substitute(v, ws));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, ws)]));
  return value;
}

/** Evaluates one case the way a session would: config → policy, real paths → decide(). */
export function evaluateCase(file: CorpusFile, c: CorpusCase, ws: PolicyWorkspace): Decision {
  const config = configSchema.parse({ policies: file.policies });
  const policy = resolvePolicy(c.policy ?? file.policy ?? "read-only", config.policies);
  const roots = new WorkspaceRoots(ws.ws, policy.roots);
  const view = viewFromJson(substitute(c.request, ws), roots, "demo");
  return decide(view, policy, { configFile: ws.configFile, modes: file.modes ?? {} });
}
