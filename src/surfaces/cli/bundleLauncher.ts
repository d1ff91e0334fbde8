import { fileURLToPath } from "node:url";
import { codeCacheDirOf, runCachedScript } from "./codeCache.js";
import { EXIT } from "./exitCodes.js";
import { releaseYoungGeneration } from "../../util/youngGeneration.js";

/** Parts of the CLI that load different code, each with a code cache of its own. */
const VARIANTS = new Set(["run", "serve", "proxy"]);
const NOT_A_RUN = new Set(["--help", "-h", "--version"]);
/**
 * Exits after which the command ran in full: success, and a run whose turn ended with a
 * refused permission or a stop reason (an unattended read-only run in CI often ends with 5).
 * A usage or configuration error, a refusal to start or a crash compiled too little.
 */
const RAN_IN_FULL = new Set<number>([EXIT.ok, EXIT.permissionRefused, EXIT.stoppedEarly]);

/**
 * What `bin` runs (the launcher scripts/bundle.mjs writes): the CLI bundle, compiled from
 * V8's code cache when there is one for this build, runtime and command. A process without
 * one writes it as it exits, once the command ran in full (a help or version call, or one
 * that stopped at its arguments, compiles too little of the command to be worth caching).
 */
export function launchBundle(bundle: URL, buildId: string, argv = process.argv.slice(2)): void {
  const first = argv[0] ?? "";
  const variant = VARIANTS.has(first) ? first : "cli";
  const cached = runCachedScript(
    fileURLToPath(bundle),
    `${buildId}:${variant}`,
    codeCacheDirOf(process.env),
  );
  if (cached.status !== "absent" && cached.status !== "rejected") return;
  if (argv.some((arg) => NOT_A_RUN.has(arg))) return;
  process.once("exit", (code) => {
    if (!RAN_IN_FULL.has(code)) return;
    // Cached code carries a hash of V8's flags: written with `run`'s changed growth factor,
    // it would be rejected (and written again) by every later run.
    releaseYoungGeneration();
    cached.save();
  });
}
