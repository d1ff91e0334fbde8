// Preloaded (`node --import`) into acpgate processes on a bench runtime other than the one
// that installed the project: `better-sqlite3` resolves to the copy built for this Node
// (ACPGATE_BENCH_SQLITE, see nativeSqlite.ts) instead of node_modules' native module.
// module.registerHooks (Node ≥ 22.15, 20.x lacks it) runs in-thread: no loader worker.
import * as nodeModule from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

interface ResolveResult {
  url: string;
  format?: string;
  shortCircuit?: boolean;
}
type RegisterHooks = (hooks: {
  resolve(
    specifier: string,
    context: unknown,
    next: (specifier: string, context: unknown) => ResolveResult,
  ): ResolveResult;
}) => void;

const copy = process.env.ACPGATE_BENCH_SQLITE;
const registerHooks = (nodeModule as { registerHooks?: RegisterHooks }).registerHooks;
if (copy) {
  if (!registerHooks)
    throw new Error(`ACPGATE_BENCH_SQLITE needs Node ≥ 22.15 (module.registerHooks)`);
  const url = pathToFileURL(join(copy, "lib/index.js")).href;
  registerHooks({
    resolve: (specifier, context, next) =>
      specifier === "better-sqlite3"
        ? { url, format: "commonjs", shortCircuit: true }
        : next(specifier, context),
  });
}
