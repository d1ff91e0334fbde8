import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer, type AddressInfo } from "node:net";
import { agentResults, sandboxWorkspace } from "../support/sandboxWorkspace.js";

/** A shell line that connects to 127.0.0.1:PORT and prints `connected` or the error code. */
function connect(port: number): string {
  const js = `const s=require("net").connect(${port},"127.0.0.1");s.on("connect",()=>{console.log("connected");process.exit(0)});s.on("error",(e)=>{console.log(e.code);process.exit(1)})`;
  return `${JSON.stringify(process.execPath)} -e '${js}'`;
}

test("the sandbox's network is the host's by default; `network: none` takes it away", async () => {
  const server = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    for (const [lines, expected] of [
      [[], /connected/],
      [["    network: none"], /ECONNREFUSED/],
    ] as const) {
      const ws = sandboxWorkspace("required", {}, [...lines]);
      try {
        const run = await ws.run(JSON.stringify({ shell: connect(port) }));
        assert.equal(run.code, 0, run.stderr);
        assert.match(agentResults(run.stdout).shell?.stdout ?? "", expected, lines.join());
      } finally {
        ws.cleanup();
      }
    }
  } finally {
    server.close();
  }
});
