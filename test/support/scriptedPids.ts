import { existsSync, readFileSync } from "node:fs";
import { noProcessWithEnv, waitGone } from "./processes.js";

/**
 * The pids a scripted agent recorded in its SCRIPTED_PIDS_FILE: itself and the grandchild it
 * spawned. The agent writes the file whole (aside, then renamed), so it is absent or complete.
 */
export function recordedPids(file: string): number[] {
  const pids = JSON.parse(readFileSync(file, "utf8")) as { agent: number; grandchild: number };
  return [pids.agent, pids.grandchild];
}

/**
 * Waits until nothing a scripted agent started survives: the pids it recorded, and any process
 * still carrying its SCRIPTED_PIDS_FILE in its environment. A run can end before the agent got
 * to write the file (a short --timeout on a loaded machine); its grandchild may exist already.
 */
export async function noScriptedOrphans(file: string, ms = 10_000): Promise<void> {
  if (existsSync(file)) await waitGone(recordedPids(file), ms);
  const left = await noProcessWithEnv("SCRIPTED_PIDS_FILE", file, ms);
  if (left.length > 0) throw new Error(`processes of ${file} still alive: ${left.join(", ")}`);
}
