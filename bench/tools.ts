import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REPO_ROOT } from "./benchEnv.js";

/** Tools the bench fetches from the npm registry once, outside the project's dependencies. */
export const TOOLS_DIR = join(REPO_ROOT, "bench/.tools");
export const ACPX_VERSION = "0.19.1";

/** scripts/npmTool.mjs (shared with the test suite's Node 22 and opencode installers). */
interface NpmToolModule {
  ensureNpmTool(
    this: void,
    options: {
      name: string;
      pkg: string;
      version: string;
      binRel: string;
      works: (bin: string) => boolean;
      root?: string;
      log?: (line: string) => void;
    },
  ): string;
}
interface Node22Module {
  NODE22_VERSION: string;
  ensureNode22(this: void, options?: { root?: string; log?: (line: string) => void }): string;
}

const script = <T>(name: string): Promise<T> =>
  import(pathToFileURL(join(REPO_ROOT, "scripts", name)).href) as Promise<T>;
export const npmTool = (): Promise<NpmToolModule> => script<NpmToolModule>("npmTool.mjs");
export const node22Script = (): Promise<Node22Module> => script<Node22Module>("node22.mjs");

export type Acpx = { acpxCli: string } | { unavailable: string };

/**
 * acpx, installed into bench/.tools/acpx by scripts/npmTool.mjs on first use. It needs
 * Node ≥ 22.13, so it runs in the Node 22 pairing only.
 */
export async function benchAcpx(): Promise<Acpx> {
  try {
    const { ensureNpmTool } = await npmTool();
    const acpxCli = ensureNpmTool({
      name: "acpx",
      pkg: "acpx",
      version: ACPX_VERSION,
      binRel: "dist/cli.js",
      works: (bin) => existsSync(bin),
      root: join(REPO_ROOT, "bench"),
    });
    return { acpxCli };
  } catch (error) {
    return { unavailable: (error as Error).message.split("\n")[0]! };
  }
}
