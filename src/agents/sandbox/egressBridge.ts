import { spawn } from "node:child_process";
import { connect, createServer } from "node:net";

/**
 * Runs inside a sandbox whose network is unshared, in front of the agent:
 * `node egressBridge.js SOCKET PORT -- COMMAND ARGS…`. It listens on 127.0.0.1:PORT in the
 * sandbox's own loopback and relays each connection to acpgate's egress proxy on the Unix
 * socket SOCKET (bound in), then runs the command with stdio inherited, passes signals on,
 * and exits as it exits. The command's environment names the port as its HTTP(S) proxy
 * (set by sandboxArgs.ts). Only node's own modules: it starts before the agent of every allow-list sandbox.
 */

function runBridge(argv: string[]): void {
  const [socketPath, portText, separator, command, ...args] = argv;
  if (!socketPath || !portText || separator !== "--" || !command) {
    process.stderr.write("usage: egressBridge SOCKET PORT -- COMMAND [ARGS…]\n");
    process.exit(2);
  }

  const server = createServer((client) => {
    const upstream = connect(socketPath);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  server.on("error", (error) => {
    process.stderr.write(`acpgate egress bridge: ${error.message}\n`);
    process.exit(1);
  });
  server.listen(Number(portText), "127.0.0.1", () => {
    const child = spawn(command, args, { stdio: "inherit" });
    for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const)
      process.on(signal, () => child.kill(signal));
    child.on("error", (error) => {
      process.stderr.write(`acpgate egress bridge: ${command}: ${error.message}\n`);
      process.exit(127);
    });
    child.on("exit", (code, signal) => {
      server.close();
      if (signal) {
        process.removeAllListeners(signal);
        process.kill(process.pid, signal);
      }
      process.exit(code ?? 1);
    });
  });
}

runBridge(process.argv.slice(2));
