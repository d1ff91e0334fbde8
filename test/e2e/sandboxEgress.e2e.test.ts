import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { createServer, type AddressInfo, type Server } from "node:net";
import { FIXTURES, jsonLines, runCli } from "../support/cli.js";
import { agentResults, sandboxWorkspace } from "../support/sandboxWorkspace.js";

/** A TCP server on 127.0.0.1 that greets every connection with `hello NAME`. */
async function greeter(name: string): Promise<{ server: Server; target: string }> {
  const server = createServer((socket) => socket.end(`hello ${name}\n`));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, target: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test("network allow list: only listed hosts are reached, through acpgate's egress proxy; each request is an event and an audit record", async () => {
  const allowed = await greeter("allowed");
  const other = await greeter("other");
  const ws = sandboxWorkspace("required", {}, [
    "    network:",
    `      allow: [${JSON.stringify(allowed.target)}]`,
  ]);
  try {
    const probe = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(FIXTURES, "proxyProbe.js"))} ${allowed.target} ${other.target}`;
    const run = await ws.run(JSON.stringify({ shell: probe }));
    assert.equal(run.code, 0, run.stderr);
    const shell = agentResults(run.stdout).shell;
    const seen = JSON.parse(shell?.stdout.trim() || "{}") as {
      proxy: string | null;
      tunnel: Record<string, string>;
      direct: string;
    };
    assert.match(
      seen.proxy ?? "",
      /^http:\/\/127\.0\.0\.1:\d+$/,
      JSON.stringify(shell) + run.stderr,
    );
    assert.equal(seen.tunnel[allowed.target], "hello allowed", "the listed host is reached");
    assert.equal(seen.tunnel[other.target], "status 403", "an unlisted host is refused");
    assert.equal(seen.direct, "ECONNREFUSED", "nothing gets out around the proxy");

    const requests = jsonLines(run.stdout).filter((e) => e.type === "network_request");
    assert.deepEqual(
      requests.map((e) => [`${String(e.host)}:${String(e.port)}`, e.allowed, e.via]),
      [
        [allowed.target, true, "connect"],
        [other.target, false, "connect"],
      ],
    );
    const audit = await runCli(["audit", "list", "--json"], { cwd: ws.dir, env: ws.env() });
    const records = jsonLines(audit.stdout).filter((r) => r.kind === "network_request");
    assert.deepEqual(
      records.map((r) => [r.status, (r.data as { host: string; port: number }).port]),
      [
        ["allowed", Number(allowed.target.split(":")[1])],
        ["refused", Number(other.target.split(":")[1])],
      ],
    );
  } finally {
    ws.cleanup();
    allowed.server.close();
    other.server.close();
  }
});

test("network allow list: a pattern that is not a host is a config error naming it", async () => {
  const ws = sandboxWorkspace("required", {}, ["    network:", "      allow: ['exa mple.com']"]);
  try {
    const run = await runCli(["run", "--agent", "selfw", "--policy", "workspace-write", "hi"], {
      cwd: ws.dir,
      env: ws.env(),
    });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /exa mple\.com/);
  } finally {
    ws.cleanup();
  }
});
