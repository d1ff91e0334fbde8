// Debian packages for the test suite (bubblewrap, chromium, postgresql), installed with apt-get
// when missing and running as root. Every step is bounded and says what it does, so a slow or
// stuck mirror ends the step with a message instead of holding the run until CI's limit; a
// dpkg lock held by another apt waits up to two minutes instead of failing at once.
import { spawnSync } from "node:child_process";

const MINUTE = 60_000;

function aptGet(args, timeout) {
  const started = Date.now();
  const run = spawnSync("apt-get", ["-o", "DPkg::Lock::Timeout=120", ...args], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    timeout,
    killSignal: "SIGKILL",
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.error?.code === "ETIMEDOUT")
    return `apt-get ${args[0]} did not finish in ${timeout / MINUTE} min`;
  if (run.error) return `apt-get ${args[0]}: ${run.error.message}`;
  if (run.status !== 0)
    return `apt-get ${args[0]} exited ${run.status ?? run.signal} after ${seconds} s`;
  return undefined;
}

/**
 * Installs Debian `packages` (root only), printing one line before and one after on stderr as
 * `who: …`. Returns undefined when installed, else why not.
 */
export function aptInstall(who, packages) {
  if (process.getuid?.() !== 0) return "not root, so apt-get cannot install it";
  const started = Date.now();
  process.stderr.write(`${who}: installing ${packages.join(" ")} with apt-get (first run only)\n`);
  const failed =
    aptGet(["update"], 3 * MINUTE) ??
    aptGet(["install", "-y", "--no-install-recommends", ...packages], 10 * MINUTE);
  if (!failed)
    process.stderr.write(`${who}: installed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return failed;
}
