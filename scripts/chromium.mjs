#!/usr/bin/env node
// Debian's chromium for the portal's browser tests (test/e2e/portal*.test.ts, driven by
// playwright-core; browser downloads do not work on these machines): installed with apt-get
// when missing and running as root. With CI set, failing to provide it fails the run.
import { spawnSync } from "node:child_process";
import { aptInstall } from "./apt.mjs";

export const CHROMIUM = process.env.ACPGATE_CHROMIUM ?? "/usr/bin/chromium";

function works() {
  const probe = spawnSync(CHROMIUM, ["--version"], { stdio: "ignore", timeout: 30_000 });
  return probe.status === 0;
}

export function ensureChromium() {
  if (works()) return CHROMIUM;
  const failed = aptInstall("chromium", ["chromium"]) ?? (works() ? undefined : "it does not run");
  if (!failed) return CHROMIUM;
  const message = `chromium (${CHROMIUM}) is not available (${failed}): the portal browser tests will fail`;
  if (process.env.CI) {
    console.error(`error: ${message}`);
    process.exit(1);
  }
  console.error(`warning: ${message}`);
  return undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
