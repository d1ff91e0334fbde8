import { createConnection, createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface TcpProxy {
  /** `http://127.0.0.1:PORT`: the target's URL through the proxy. */
  url: string;
  /** Cuts every open connection (clients see the stream drop); new ones go through. */
  cutAll(): number;
  close(): Promise<void>;
}

/** A loopback TCP proxy to `target` (`http://host:port`), to drop a client's connections at will. */
export async function tcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host: hostname, port: Number(port) });
    open.add(client);
    const drop = (): void => {
      open.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: own } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${own}`,
    cutAll: () => {
      const n = open.size;
      for (const socket of [...open]) socket.destroy();
      return n;
    },
    close: async () => {
      for (const socket of [...open]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
