import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { stringify } from "yaml";
import { jsonLines, runCli, type CliResult } from "./cli.js";
import type { RecordedRequest } from "./mockLlm.js";
import type { MockLlmFixture } from "./mockLlmFixture.js";
import { makeAgentHome, realAgentEntry } from "./realAgents.js";

/**
 * One `acpgate run --agent codex --format json` of the real codex-acp on the mock LLM: it
 * reads `keep.txt` and asks to overwrite it. Returns the run, the file afterwards, the run's
 * events and its audit read back through `acpgate audit list --json` (the default store is
 * `.acpgate/acpgate.db` under the run's cwd, the workspace), and the mock requests it made.
 */

export const ORIGINAL = "original\n";
export const CHANGED = "changed\n";

export interface CodexRun {
  result: CliResult;
  home: string;
  /** keep.txt after the run. */
  file: string;
  events: Record<string, unknown>[];
  audit: Record<string, unknown>[];
  requests: RecordedRequest[];
}

export async function runCodex(fx: MockLlmFixture, policy?: string): Promise<CodexRun> {
  const home = makeAgentHome("codex", fx.root);
  const workspace = mkdtempSync(join(fx.root, "ws-codex-"));
  const target = join(workspace, "keep.txt");
  writeFileSync(target, ORIGINAL);
  const config = join(fx.root, `${basename(workspace)}.yaml`);
  writeFileSync(
    config,
    stringify({ agents: { codex: realAgentEntry("codex", fx.mock.url, home) } }),
  );
  const tool = (name: string, args: object): string => `@tool ${name} ${JSON.stringify(args)}`;
  const prompt = [
    "Update the file.",
    tool("read", { file_path: target }),
    tool("write", { file_path: target, content: CHANGED }),
  ].join("\n");
  const before = fx.mock.requests.length;
  const args = ["run", "--agent", "codex", "--cwd", workspace, "--config", config];
  args.push("--format", "json", "--timeout", "120s", ...(policy ? ["--policy", policy] : []));
  const result = await runCli([...args, prompt], { cwd: workspace, timeoutMs: 150_000 });
  const listed = await runCli(["audit", "list", "--json", "--config", config], { cwd: workspace });
  if (listed.code !== 0) throw new Error(`audit list exited ${listed.code}: ${listed.stderr}`);
  return {
    result,
    home,
    file: readFileSync(target, "utf8"),
    events: jsonLines(result.stdout),
    audit: jsonLines(listed.stdout),
    requests: fx.mock.requests.slice(before),
  };
}

/** The records or events of one kind (`kind` in the audit, `type` in run events). */
export function ofKind<T = Record<string, unknown>>(
  records: Record<string, unknown>[],
  kind: string,
): T[] {
  return records.filter((r) => r.kind === kind || r.type === kind) as T[];
}
