import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REVIEWED_CONFIG } from "./apiHarness.js";
import { runCli } from "./cli.js";
import { startServe, type ServeProcess } from "./serveProcess.js";

/** Short leases, so that a killed replica's sessions fail within a couple of seconds. */
export const TEST_REPLICA_TIMINGS = { leaseTimeout: "4s", heartbeat: "400ms", drainTimeout: "5s" };

/** acpgate.yaml for replicas on `url`: the reviewed policy (edits ask a person), short leases. */
export function writeReplicaConfig(
  dir: string,
  url: string,
  overrides: Partial<typeof TEST_REPLICA_TIMINGS> = {},
  agentsYaml = "",
): void {
  const storage = `storage: { postgres: ${JSON.stringify(url)} }`;
  const timings = Object.entries({ ...TEST_REPLICA_TIMINGS, ...overrides })
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ");
  writeFileSync(
    join(dir, "acpgate.yaml"),
    REVIEWED_CONFIG.replace("storage: { sqlite: .acpgate/acpgate.db }", storage).replace(
      "agents:\n",
      `agents:\n${agentsYaml}`,
    ) + `server:\n  replica: { ${timings} }\n`,
  );
}

export async function makeToken(cwd: string, role: string, name: string): Promise<string> {
  const made = await runCli(["token", "create", "--role", role, "--name", name], { cwd });
  assert.equal(made.code, 0, made.stderr);
  return made.stdout.trim();
}

export function startReplica(cwd: string, id: string): Promise<ServeProcess> {
  return startServe(cwd, ["--replica-id", id]);
}

/** A JSON API client of one replica with one token. */
export function apiOf(server: ServeProcess, token: string) {
  return (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        ...init.headers,
      },
    });
}

export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every process below `pid` (children, grandchildren …), from ps. */
export function descendantsOf(pid: number): number[] {
  const table = execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const [child, ppid] of table)
      if (ppid === parent && !found.includes(child)) {
        found.push(child);
        queue.push(child);
      }
  }
  return found;
}

/** True while `pid` is a running process (a zombie waiting for its reaper is not). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}
