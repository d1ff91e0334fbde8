import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/**
 * Debian's chromium, which scripts/run-tests.mjs installs when missing (scripts/chromium.mjs;
 * browser downloads do not work on these machines). Undefined when it is not there: the
 * caller skips, except under CI, where the runner has already failed the run.
 */
export function chromiumPath(): string | undefined {
  const path = process.env.ACPGATE_CHROMIUM || "/usr/bin/chromium";
  return existsSync(path) ? path : undefined;
}

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * A headless chromium through playwright-core. Playwright gives each launch a fresh
 * profile directory of its own in the temp dir, removed on close (it refuses
 * `--user-data-dir` in `args`: that is `launchPersistentContext`, one context only).
 */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: FLAGS, timeout: 60_000 });
}
