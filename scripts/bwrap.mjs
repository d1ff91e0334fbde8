#!/usr/bin/env node
// bubblewrap for the OS sandbox's tests (Debian package `bubblewrap`): installed with apt-get
// when missing and running as root. With CI set, failing to provide it fails the run.
import { spawnSync } from "node:child_process";
import { aptInstall } from "./apt.mjs";

function works() {
  const probe = spawnSync("bwrap", ["--ro-bind", "/", "/", "true"], {
    stdio: "ignore",
    timeout: 30_000,
  });
  return probe.status === 0;
}

export function ensureBwrap() {
  if (works()) return true;
  const failed =
    aptInstall("bwrap", ["bubblewrap"]) ?? (works() ? undefined : "bwrap does not run");
  if (!failed) return true;
  const message = `bubblewrap (bwrap) is not available (${failed}): the sandbox tests will fail`;
  if (process.env.CI) {
    console.error(`error: ${message}`);
    process.exit(1);
  }
  console.error(`warning: ${message}`);
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBwrap();
