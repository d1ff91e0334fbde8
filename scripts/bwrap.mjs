#!/usr/bin/env node
// bubblewrap for the OS sandbox's tests (Debian package `bubblewrap`): installed with apt-get
// when missing and running as root. With CI set, failing to provide it fails the run.
import { spawnSync } from "node:child_process";

function works() {
  const probe = spawnSync("bwrap", ["--ro-bind", "/", "/", "true"], { stdio: "ignore" });
  return probe.status === 0;
}

export function ensureBwrap() {
  if (works()) return true;
  if (process.getuid?.() === 0) {
    const update = spawnSync("apt-get", ["update"], { stdio: "ignore" });
    const install = spawnSync("apt-get", ["install", "-y", "bubblewrap"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (update.status === 0 && install.status === 0 && works()) return true;
  }
  const message = "bubblewrap (bwrap) is not available: the sandbox tests will fail";
  if (process.env.CI) {
    console.error(`error: ${message}`);
    process.exit(1);
  }
  console.error(`warning: ${message}`);
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBwrap();
