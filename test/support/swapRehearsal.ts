import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import {
  makeAgentHome,
  REAL_AGENT_IDS,
  realAgentEntry,
  REPO_ROOT,
  type RealAgentId,
} from "./realAgents.js";
import { diffKinds, parseTranscript, shapeOf, type TranscriptShape } from "./transcriptShape.js";

/**
 * The rehearsed swap: one scenario (a read, a refused write, [an allowed write,] a final
 * answer) run through `acpgate run --format json` on several agents, each transcript reduced
 * to its outcome and its event kinds, and the kinds diffed against the first agent's.
 */

export const CLI = join(REPO_ROOT, "dist/src/surfaces/cli/main.js");
export const FINAL_TEXT = "mock-llm: all done.";

/**
 * The allowed write: a policy under which a write to `allowed.txt` is allowed and one to
 * `keep.txt` is not, plus the `policies:` config that defines it (swapWritePolicy.ts has
 * one). Without it the scenario runs under read-only and skips the allowed write.
 */
export interface AllowedWrite {
  policy: string;
  policies: Record<string, unknown>;
}

export interface SwapOptions {
  agents: string[];
  mockUrl: string;
  workRoot: string;
  allowedWrite?: AllowedWrite;
}

export interface SwapRun {
  agentId: string;
  /** The run's cwd; its audit store is `.acpgate/acpgate.db` there. */
  workspace: string;
  exitCode: number | null;
  shape: TranscriptShape;
  /** Contents after the run (null: absent). */
  files: { "keep.txt": string | null; "allowed.txt": string | null };
  stderr: string;
}

export interface SwapReport {
  policy: string;
  /** The config file the runs used. */
  config: string;
  expected: string[];
  runs: SwapRun[];
  /** True when every run reached the expected outcome. */
  sameOutcome: boolean;
  /** Kind diff of each agent against the first one. */
  diffs: Record<string, string[]>;
}

export const ORIGINAL = "original\n";
export const DRAFT = "draft\n";

function prompt(agentId: string, ws: string, allowed: boolean): string {
  if (agentId === "demo") {
    return [
      "@read keep.txt",
      "@write keep.txt changed",
      ...(allowed ? ["@read allowed.txt", "@write allowed.txt written"] : []),
      `@say ${FINAL_TEXT}`,
    ].join("\n");
  }
  const tool = (name: string, args: object): string => `@tool ${name} ${JSON.stringify(args)}`;
  return [
    "Rehearsed swap scenario.",
    tool("read", { file_path: join(ws, "keep.txt") }),
    tool("write", { file_path: join(ws, "keep.txt"), content: "changed\n" }),
    ...(allowed
      ? [
          tool("read", { file_path: join(ws, "allowed.txt") }),
          tool("write", { file_path: join(ws, "allowed.txt"), content: "written\n" }),
        ]
      : []),
  ].join("\n");
}

export function expectedOutcome(allowed: boolean): string[] {
  return [
    "read keep.txt",
    "write refused",
    ...(allowed ? ["read allowed.txt", "write allowed.txt allowed"] : []),
    "answer",
    "stop end_turn",
  ];
}

/** The config the rehearsal runs with: the real agents on the mock, plus any policies. */
export function writeSwapConfig(options: SwapOptions): string {
  const homes = join(options.workRoot, "homes");
  mkdirSync(homes, { recursive: true });
  const agents = Object.fromEntries(
    REAL_AGENT_IDS.map((id: RealAgentId) => [
      id,
      realAgentEntry(id, options.mockUrl, makeAgentHome(id, homes)),
    ]),
  );
  const file = join(options.workRoot, "acpgate.yaml");
  writeFileSync(
    file,
    stringify({
      agents,
      ...(options.allowedWrite ? { policies: options.allowedWrite.policies } : {}),
    }),
  );
  return file;
}

export async function rehearseSwap(options: SwapOptions): Promise<SwapReport> {
  const config = writeSwapConfig(options);
  const allowed = options.allowedWrite !== undefined;
  const runs: SwapRun[] = [];
  for (const agentId of options.agents) {
    const ws = mkdtempSync(join(options.workRoot, `ws-${agentId}-`));
    writeFileSync(join(ws, "keep.txt"), ORIGINAL);
    // An existing file: gemini-cli cannot create a new one through the client (docs/agents.md).
    if (allowed) writeFileSync(join(ws, "allowed.txt"), DRAFT);
    const args = ["run", "--agent", agentId, "--cwd", ws, "--config", config, "--format", "json"];
    if (options.allowedWrite) args.push("--policy", options.allowedWrite.policy);
    const result = await runCli([...args, prompt(agentId, ws, allowed)], ws);
    const read = (name: string): string | null =>
      existsSync(join(ws, name)) ? readFileSync(join(ws, name), "utf8") : null;
    runs.push({
      agentId,
      workspace: ws,
      exitCode: result.code,
      shape: shapeOf(parseTranscript(result.stdout)),
      files: { "keep.txt": read("keep.txt"), "allowed.txt": read("allowed.txt") },
      stderr: result.stderr,
    });
  }
  const expected = expectedOutcome(allowed);
  const base = runs[0]?.shape.kinds ?? [];
  return {
    policy: options.allowedWrite?.policy ?? "read-only",
    config,
    expected,
    runs,
    sameOutcome: runs.every((r) => r.shape.outcome.join("\n") === expected.join("\n")),
    diffs: Object.fromEntries(
      runs.slice(1).map((r) => [r.agentId, diffKinds(base, r.shape.kinds)]),
    ),
  };
}

export function runCli(
  args: string[],
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
