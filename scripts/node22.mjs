#!/usr/bin/env node
// A Node 22 for the agent CLIs that need one (claude-agent-acp 0.101 declares engines.node
// >=22) on machines whose own node is older. acpgate itself runs on Node 20 and 22; only the
// agent is started with this binary.
//
//   node scripts/node22.mjs            prints the path of a Node 22 binary, installing it once
//   node scripts/node22.mjs --bin-dir  prints its directory (to put first on PATH)
//
// In order: $ACPGATE_NODE22 when set; this node when it is already 22 or later; else the npm
// package node-<platform>-<arch> at NODE22_VERSION, installed with `npm install --prefix` into
// .tools/node22/ (git-ignored). Not a devDependency: the package exists per platform (its
// lockfile entry would fail `npm ci` elsewhere), and its `node` in node_modules/.bin would make
// every npm script, `npm test` included, run on Node 22 instead of the Node under test. The
// install goes to a temporary directory that is renamed into place, so concurrent callers never
// see half a tree; a present, matching install costs one stat and one small read.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const NODE22_VERSION = "22.23.5";
const REPO_ROOT = fileURLToPath(new URL("../", import.meta.url));
const PACKAGE = `node-${process.platform}-${process.arch}`;

/** Where the pinned package lives under `root`, installed or not. */
export function node22Install(root = REPO_ROOT) {
  const dir = join(root, ".tools", "node22");
  const pkg = join(dir, "node_modules", PACKAGE);
  return { dir, bin: join(pkg, "bin", "node"), manifest: join(pkg, "package.json") };
}

function installedVersion(manifest) {
  try {
    return JSON.parse(readFileSync(manifest, "utf8")).version;
  } catch {
    return undefined;
  }
}

/** The path of a Node ≥ 22 binary; installs the pinned package when it is missing. */
export function ensureNode22({
  root = REPO_ROOT,
  log = (line) => process.stderr.write(line),
} = {}) {
  const given = process.env.ACPGATE_NODE22;
  if (given) {
    if (!existsSync(given)) throw new Error(`ACPGATE_NODE22=${given}: no such file`);
    return given;
  }
  if (Number(process.versions.node.split(".")[0]) >= 22) return process.execPath;
  const target = node22Install(root);
  if (installedVersion(target.manifest) === NODE22_VERSION && existsSync(target.bin))
    return target.bin;
  const spec = `${PACKAGE}@${NODE22_VERSION}`;
  log(`node22: installing ${spec} into ${target.dir}\n`);
  const staging = `${target.dir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const args = ["install", "--prefix", staging, "--no-save", "--no-package-lock", "--no-audit"];
  args.push("--no-fund", "--ignore-scripts", "--loglevel=error", spec);
  const npm = spawnSync("npm", args, { stdio: ["ignore", 2, 2] }); // stdout: the path only
  const stagedBin = join(staging, "node_modules", PACKAGE, "bin", "node");
  const version = existsSync(stagedBin)
    ? spawnSync(stagedBin, ["--version"], { encoding: "utf8" }).stdout?.trim()
    : undefined;
  if (npm.status !== 0 || version !== `v${NODE22_VERSION}`) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `node22: npm install ${spec} failed (${npm.error?.message ?? `exit ${npm.status}`}, ` +
        `binary reports ${version ?? "nothing"}). No npm package ${PACKAGE} for this platform? ` +
        `Set ACPGATE_NODE22 to a Node 22 binary.`,
    );
  }
  if (installedVersion(target.manifest) === NODE22_VERSION) {
    rmSync(staging, { recursive: true, force: true }); // another caller finished first
    return target.bin;
  }
  // A stale tree is moved aside first; renaming onto a tree another caller just put in
  // place fails (ENOTEMPTY), and theirs is kept.
  if (existsSync(target.dir)) {
    const old = `${target.dir}.old-${process.pid}`;
    try {
      renameSync(target.dir, old);
    } catch {
      // someone else moved it
    }
    rmSync(old, { recursive: true, force: true });
  }
  try {
    renameSync(staging, target.dir);
  } catch (error) {
    if (installedVersion(target.manifest) !== NODE22_VERSION) throw error;
  }
  rmSync(staging, { recursive: true, force: true });
  return target.bin;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const bin = ensureNode22();
    process.stdout.write(`${process.argv.includes("--bin-dir") ? dirname(bin) : bin}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
