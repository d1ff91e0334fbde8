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
// .tools/node22/ (git-ignored) by scripts/npmTool.mjs. Not a devDependency: the package exists
// per platform, and its `node` in node_modules/.bin would make every npm script, `npm test`
// included, run on Node 22 instead of the Node under test.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureNpmTool, printTool, toolInstall } from "./npmTool.mjs";

export const NODE22_VERSION = "22.23.5";
const PACKAGE = `node-${process.platform}-${process.arch}`;

/** Where the pinned package lives under `root`, installed or not. */
export function node22Install(root) {
  return toolInstall("node22", PACKAGE, "bin/node", root);
}

/** The path of a Node ≥ 22 binary; installs the pinned package when it is missing. */
export function ensureNode22({ root, log } = {}) {
  const given = process.env.ACPGATE_NODE22;
  if (given) {
    if (!existsSync(given)) throw new Error(`ACPGATE_NODE22=${given}: no such file`);
    return given;
  }
  if (Number(process.versions.node.split(".")[0]) >= 22) return process.execPath;
  return ensureNpmTool({
    name: "node22",
    pkg: PACKAGE,
    version: NODE22_VERSION,
    binRel: "bin/node",
    works: (bin) =>
      spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout?.trim() === `v${NODE22_VERSION}`,
    ...(root ? { root } : {}),
    ...(log ? { log } : {}),
  });
}

printTool(ensureNode22, import.meta.url);
