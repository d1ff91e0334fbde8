#!/usr/bin/env node
// opencode for the suite: the npm package opencode-<platform>-<arch> (the native binary that
// `npm i -g opencode-ai` links into place), pinned, installed into .tools/opencode/ by
// scripts/npmTool.mjs. Not a devDependency: opencode-ai's optional per-platform packages are
// not all on every registry, and `npm ci` refuses a lockfile that lacks them.
//
//   node scripts/opencode.mjs            prints the opencode binary, installing it once
//   node scripts/opencode.mjs --bin-dir  prints its directory (to put first on PATH)
//
// $ACPGATE_OPENCODE, when set, names the binary to use instead.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureNpmTool, printTool } from "./npmTool.mjs";

export const OPENCODE_VERSION = "1.18.33";

export function ensureOpencode({ root, log } = {}) {
  const given = process.env.ACPGATE_OPENCODE;
  if (given) {
    if (!existsSync(given)) throw new Error(`ACPGATE_OPENCODE=${given}: no such file`);
    return given;
  }
  return ensureNpmTool({
    name: "opencode",
    pkg: `opencode-${process.platform}-${process.arch}`,
    version: OPENCODE_VERSION,
    binRel: "bin/opencode",
    works: (bin) =>
      spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout?.trim() === OPENCODE_VERSION,
    ...(root ? { root } : {}),
    ...(log ? { log } : {}),
  });
}

printTool(ensureOpencode, import.meta.url);
