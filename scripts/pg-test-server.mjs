#!/usr/bin/env node
// A throwaway PostgreSQL cluster for tests, on a loopback port.
//   node scripts/pg-test-server.mjs start   → prints {"url","dir","pid"} as one JSON line
//   node scripts/pg-test-server.mjs stop DIR
// Installs Debian's `postgresql` when its binaries are missing (needs root and apt). As root,
// the cluster runs as the `postgres` user (PostgreSQL refuses to run as root).
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aptInstall } from "./apt.mjs";

const log = (line) => process.stderr.write(`pg-test-server: ${line}\n`);

function findBin() {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], "bin");
  }
  const which = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  if (which.status === 0 && which.stdout.trim()) return join(which.stdout.trim(), "..");
  return undefined;
}

function install() {
  const failed = aptInstall("pg-test-server", ["postgresql"]);
  if (failed) throw new Error(`postgresql is not installed and cannot be: ${failed}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary as the postgres user when we are root. */
function asOwner(bin, args) {
  if (process.getuid?.() === 0) {
    const quoted = [bin, ...args].map((a) => `'${String(a).replace(/'/g, `'\\''`)}'`).join(" ");
    return execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  }
  return execFileSync(bin, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

async function start() {
  let bin = findBin();
  if (!bin) {
    install();
    bin = findBin();
    if (!bin) throw new Error("postgresql installed but initdb not found");
  }
  const dir = mkdtempSync(join(tmpdir(), "acpgate-pg-"));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  const data = join(dir, "data");
  asOwner(join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "-A",
    "trust",
    "--no-sync",
    "-E",
    "UTF8",
  ]);
  const port = await freePort();
  writeFileSync(join(dir, "port"), String(port));
  asOwner(join(bin, "pg_ctl"), [
    "-D",
    data,
    "-l",
    join(dir, "server.log"),
    "-w",
    "-t",
    "60",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`,
    "start",
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  process.stdout.write(`${JSON.stringify({ url, dir, bin })}\n`);
}

function stop(dir) {
  const bin = findBin();
  if (bin && existsSync(join(dir, "data"))) {
    try {
      asOwner(join(bin, "pg_ctl"), ["-D", join(dir, "data"), "-m", "immediate", "-w", "stop"]);
    } catch (error) {
      log(`pg_ctl stop: ${error.message}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

const [command, arg] = process.argv.slice(2);
try {
  if (command === "start") await start();
  else if (command === "stop" && arg) stop(arg);
  else {
    process.stderr.write("usage: pg-test-server.mjs start | stop DIR\n");
    process.exit(2);
  }
} catch (error) {
  log(error.stderr ? `${error.message}\n${error.stderr}` : error.message);
  process.exit(1);
}
