import { mkdtempSync, rmSync } from "node:fs";
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Duplex } from "node:stream";
import { hostAllowed, type HostPattern } from "../../policy/hostPattern.js";

/** One connection an agent asked the proxy for, and what the allow list said. */
export interface EgressRequest {
  host: string;
  port: number;
  allowed: boolean;
  /** `connect`: a tunnel (HTTPS and anything else); `http`: a plain HTTP request forwarded. */
  via: "connect" | "http";
}

/**
 * acpgate's side of a sandbox's network allow list: an HTTP proxy on a Unix socket (the
 * only way out of a sandbox whose network is unshared; egressBridge.ts relays to it from a
 * loopback port inside). CONNECT tunnels and absolute-form HTTP requests to an allowed
 * host go through; any other gets 403. Every request is reported before it is answered.
 */
export class EgressProxy {
  private readonly server: Server;
  private readonly sockets = new Set<Duplex>();
  private readonly dir: string;
  readonly socketPath: string;
  private closed = false;

  constructor(
    private readonly allow: readonly HostPattern[],
    private readonly report: (request: EgressRequest) => void,
  ) {
    this.dir = mkdtempSync(join(tmpdir(), "acpgate-egress-"));
    this.socketPath = join(this.dir, "proxy.sock");
    this.server = createServer((req, res) => this.forward(req, res));
    this.server.on("connect", (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.tunnel(req, socket, head),
    );
    this.server.on("connection", (socket: Socket) => this.track(socket));
    // A Unix socket is bound inside listen(): connectable before the agent starts.
    this.server.listen(this.socketPath);
  }

  /** The folder the socket lives in (bound into the sandbox). */
  get socketDir(): string {
    return this.dir;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }

  private judge(host: string, port: number, via: EgressRequest["via"]): boolean {
    const bare = host.replace(/^\[(.*)\]$/, "$1");
    const allowed = hostAllowed(this.allow, host, port) || hostAllowed(this.allow, bare, port);
    this.report({ host: bare, port, allowed, via });
    return allowed;
  }

  private tunnel(req: IncomingMessage, client: Duplex, head: Buffer): void {
    this.track(client);
    const target = targetOf(`http://${req.url ?? ""}`, 443);
    if (!target || !this.judge(target.host, target.port, "connect")) {
      client.end(refusal(target ? `${target.host}:${target.port}` : String(req.url)));
      return;
    }
    const upstream = connect(target.port, target.host.replace(/^\[(.*)\]$/, "$1"));
    this.track(upstream);
    upstream.once("connect", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => {
      if (upstream.connecting) client.end("HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n");
      else client.destroy();
    });
    client.on("error", () => upstream.destroy());
    client.on("close", () => upstream.destroy());
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    const target = req.url?.startsWith("http://") ? targetOf(req.url, 80) : undefined;
    if (!target) {
      res.writeHead(400, { "content-type": "text/plain" }).end("acpgate: not a proxy request\n");
      return;
    }
    if (!this.judge(target.host, target.port, "http")) {
      res.writeHead(403, { "content-type": "text/plain", connection: "close" });
      res.end(refusalText(`${target.host}:${target.port}`));
      return;
    }
    const headers = { ...req.headers };
    delete headers["proxy-connection"];
    delete headers["proxy-authorization"];
    const upstream = httpRequest(
      req.url ?? "",
      { method: req.method ?? "GET", headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end();
    });
    req.pipe(upstream);
  }

  private track(socket: Duplex): void {
    this.sockets.add(socket);
    socket.once("close", () => this.sockets.delete(socket));
  }
}

function targetOf(url: string, defaultPort: number): { host: string; port: number } | undefined {
  try {
    const parsed = new URL(url);
    if (!parsed.hostname) return undefined;
    return { host: parsed.hostname, port: parsed.port ? Number(parsed.port) : defaultPort };
  } catch {
    return undefined;
  }
}

function refusalText(target: string): string {
  return `acpgate: ${target} is not in the policy's network allow list\n`;
}

function refusal(target: string): string {
  const body = refusalText(target);
  return `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}
