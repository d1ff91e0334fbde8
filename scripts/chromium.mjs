#!/usr/bin/env node
// Debian's chromium for the portal's browser tests (test/e2e/portal*.test.ts, driven by
// playwright-core; browser downloads do not work on these machines): installed with apt-get
// when missing and running as root. With CI set, failing to provide it fails the run.
import { spawnSync } from "node:child_process";

export const CHROMIUM = process.env.ACPGATE_CHROMIUM ?? "/usr/bin/chromium";

function works() {
  const probe = spawnSync(CHROMIUM, ["--version"], { stdio: "ignore", timeout: 30_000 });
  return probe.status === 0;
}

export function ensureChromium() {
  if (works()) return CHROMIUM;
  if (process.getuid?.() === 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update"], { stdio: "ignore", env });
    const install = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
      stdio: ["ignore", "ignore", "inherit"],
      env,
    });
    if (update.status === 0 && install.status === 0 && works()) return CHROMIUM;
  }
  const message = `chromium (${CHROMIUM}) is not available: the portal browser tests will fail`;
  if (process.env.CI) {
    console.error(`error: ${message}`);
    process.exit(1);
  }
  console.error(`warning: ${message}`);
  return undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
