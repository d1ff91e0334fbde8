import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { createServer, request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { EgressProxy, type EgressRequest } from "../../src/agents/sandbox/egressProxy.js";

/** A plain HTTP request through the proxy's Unix socket, in absolute form as proxies get it. */
function viaProxy(proxy: EgressProxy, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: proxy.socketPath, path: url, headers: { host: "x" } });
    req.on("response", (res: IncomingMessage) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("EgressProxy: a plain HTTP request to a listed host is forwarded, another gets 403; both reported; close removes the socket", async () => {
  const server = createServer((req, res) => res.end(`upstream saw ${req.url}`));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const reports: EgressRequest[] = [];
  const proxy = new EgressProxy([{ host: "127.0.0.1", port }], (r) => reports.push(r));
  try {
    const ok = await viaProxy(proxy, `http://127.0.0.1:${port}/v1/messages?x=1`);
    assert.deepEqual(ok, { status: 200, body: "upstream saw /v1/messages?x=1" });
    const refused = await viaProxy(proxy, `http://localhost:${port}/`);
    assert.equal(refused.status, 403);
    assert.match(refused.body, /localhost:\d+ is not in the policy's network allow list/);
    assert.equal((await viaProxy(proxy, "/relative")).status, 400, "not a proxy request");
    assert.deepEqual(reports, [
      { host: "127.0.0.1", port, allowed: true, via: "http" },
      { host: "localhost", port, allowed: false, via: "http" },
    ]);
  } finally {
    await proxy.close();
    server.close();
  }
  assert.ok(!existsSync(proxy.socketPath));
});
