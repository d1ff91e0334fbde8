import type pg from "pg";
import { loadPg } from "../../audit/postgresDriver.js";

export type NotificationHandler = (payload: string) => void;

/**
 * One connection that LISTENs on a few channels and hands each notification to its handler.
 * Notifications are only wake-ups: the rows they point at are the truth, so when the
 * connection drops, it reconnects and tells `onReconnect` (read everything again), and
 * nothing is lost but a little latency.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly handlers: Record<string, NotificationHandler>,
    private readonly onReconnect: () => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    const client = new (loadPg().Client)({ connectionString: this.url });
    client.on("notification", (message) => {
      this.handlers[message.channel]?.(message.payload ?? "");
    });
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    await client.connect();
    for (const channel of Object.keys(this.handlers))
      await client.query(`LISTEN ${channel.replace(/[^a-z_]/g, "")}`);
    this.client = client;
  }

  private lost(client: pg.Client): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    const again = (): void => {
      this.retry = undefined;
      if (this.closed) return;
      this.start().then(this.onReconnect, () => {
        this.retry = setTimeout(again, 500);
        this.retry.unref();
      });
    };
    again();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
