#!/usr/bin/env node
// acpx, a real ACP client nobody here wrote, for the editor proxy's test (acpx drives
// `acpgate proxy`): the npm package acpx, pinned, installed into .tools/acpx/ by
// scripts/npmTool.mjs, as bench/tools.ts installs it for the bench. It runs on Node ≥ 22.13
// (scripts/node22.mjs). Not a devDependency: the suite must not depend on its tree.
//
//   node scripts/acpx.mjs            prints acpx's cli.js, installing it once
//
// $ACPGATE_ACPX, when set, names the cli.js to use instead.
import { existsSync } from "node:fs";
import { ensureNpmTool, printTool } from "./npmTool.mjs";

export const ACPX_VERSION = "0.19.1";

export function ensureAcpx({ root, log } = {}) {
  const given = process.env.ACPGATE_ACPX;
  if (given) {
    if (!existsSync(given)) throw new Error(`ACPGATE_ACPX=${given}: no such file`);
    return given;
  }
  return ensureNpmTool({
    name: "acpx",
    pkg: "acpx",
    version: ACPX_VERSION,
    binRel: "dist/cli.js",
    works: (bin) => existsSync(bin),
    ...(root ? { root } : {}),
    ...(log ? { log } : {}),
  });
}

printTool(ensureAcpx, import.meta.url);
