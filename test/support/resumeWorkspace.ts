import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_AGENT_PATH } from "../../src/agents/builtin/demo.js";
import { FIXTURES, runCli, type CliResult } from "./cli.js";
import { jsonEvents } from "./runCli.js";
import { tempDir } from "./tempDir.js";

export interface ResumeRun extends CliResult {
  events: Record<string, unknown>[];
  /** The `run_finished` line of a `--format json` run. */
  finished: Record<string, unknown> | undefined;
}

/**
 * A workspace for `acpgate run --resume` through the real CLI: its own store, its own demo
 * history (the demo agent keeps it under $TMPDIR, which reaches agents through the
 * safelist), and agents `loadonly` (the demo without resume) and `neither` (without resume
 * or load), and an environment `ci`. `demoModes` replaces the built-in demo's `modes:` map.
 */
export function resumeWorkspace() {
  const ws = tempDir();
  const tmp = join(ws.dir, "tmp");
  mkdirSync(tmp);
  const env = { ...process.env, TMPDIR: tmp };
  const limited = (...flags: string[]): string[] => [
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: ${JSON.stringify([join(FIXTURES, "limitedDemoAgent.js"), ...flags])}`,
    `    fileAccess: client`,
    `    modes: { ask: read-only, code: workspace-write }`,
  ];
  const writeConfig = (demoModes?: string): void => {
    const demo = demoModes
      ? [
          "  demo:",
          `    command: ${JSON.stringify(process.execPath)}`,
          `    args: [${JSON.stringify(DEMO_AGENT_PATH)}]`,
          `    fileAccess: client`,
          `    modes: ${demoModes}`,
        ]
      : [];
    const lines = ["agents:", ...demo, "  loadonly:", ...limited("--no-resume")];
    lines.push("  neither:", ...limited("--no-resume", "--no-load"));
    lines.push("environments:", "  ci: { policy: read-only }", "");
    writeFileSync(join(ws.dir, "acpgate.yaml"), lines.join("\n"));
  };
  writeConfig();
  const run = async (args: string[]): Promise<ResumeRun> => {
    const result = await runCli(args, { cwd: ws.dir, env });
    const events = args.includes("json") ? jsonEvents(result.stdout) : [];
    return { ...result, events, finished: events.find((e) => e.type === "run_finished") };
  };
  return { dir: ws.dir, tmp, run, writeConfig, cleanup: () => ws.cleanup() };
}

/** The events of one type. */
export function ofType(events: Record<string, unknown>[], type: string): Record<string, unknown>[] {
  return events.filter((e) => e.type === type);
}
