import { setFlagsFromString } from "node:v8";

const OWN_TUNING = /--(?:min-|max-)?semi-space-(?:size|growth-factor)\b/;

/**
 * Keeps V8's young generation at the size start-up grew it to. V8 doubles the semi-spaces
 * whenever the bytes that survived scavenges since the last growth exceed their size; a run's
 * start-up (modules, schemas) survives ~13 MB, so a long stream then tips them from 8 to
 * 16 MiB (Node 22; 4 to 8 on Node 20) late in the turn, and the new half is touched: ~13–20
 * MiB more peak RSS for no speed (a 100,000-chunk stream ran 7–13 % faster without the
 * growth, docs/bench.md round 4). The growth factor is read at each growth, so setting it
 * to 1 once start-up is done stops further growth; scavenges stay as cheap, since what
 * survives them is small. Left alone when the process was started with a semi-space flag of
 * its own (NODE_OPTIONS or the command line). Returns whether it applied.
 */
export function holdYoungGeneration(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? "",
): boolean {
  if (ownTuning(execArgv, nodeOptions)) return false;
  setFlagsFromString("--semi-space-growth-factor=1");
  return true;
}

/**
 * Puts the growth factor back to V8's default (2) where `holdYoungGeneration` may have
 * changed it: code cached with a changed flag is rejected by a process that starts without
 * it (V8 checks a hash of its flags), so the launcher calls this before it writes the code
 * cache at exit.
 */
export function releaseYoungGeneration(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? "",
): void {
  if (!ownTuning(execArgv, nodeOptions)) setFlagsFromString("--semi-space-growth-factor=2");
}

const ownTuning = (execArgv: readonly string[], nodeOptions: string): boolean =>
  execArgv.some((arg) => OWN_TUNING.test(arg)) || OWN_TUNING.test(nodeOptions);
