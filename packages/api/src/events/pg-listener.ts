import { type Db, openDedicatedConnection } from "@fizio/db";
import type { Client } from "pg";
import type { Logger } from "../context";

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * One connection LISTENing on a channel for the whole process, opened on first use, outside the query pool (it is
 * held for good). When it drops, it reconnects with backoff and calls `onReconnect`, since notifications sent
 * meanwhile are lost.
 */
export class PgListener {
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly channel: string,
    private readonly handlers: {
      onNotify: (payload: string) => void;
      onReconnect: () => void;
      /** The connection is lost: notifications are missed until `onReconnect`. */
      onDropped?: () => void;
    },
    private readonly log: Logger,
  ) {}

  /** Resolves once LISTEN is active, so nothing notified after it returns is missed. */
  ready(): Promise<void> {
    if (this.closed) return Promise.reject(new Error("listener closed"));
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = await openDedicatedConnection(this.db);
    client.on("notification", (message) => {
      if (message.channel === this.channel && message.payload) this.handlers.onNotify(message.payload);
    });
    client.on("error", (error) => this.dropped(client, error));
    try {
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error("listener closed");
    }
    this.client = client;
    this.retryMs = RETRY_MIN_MS;
  }

  private dropped(client: Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    this.handlers.onDropped?.();
    this.log.warn({ err: error, channel: this.channel }, "LISTEN connection lost: reconnecting");
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.ready().then(
        () => this.handlers.onReconnect(),
        (error: unknown) => {
          this.log.warn({ err: error, channel: this.channel }, "LISTEN reconnect failed");
          this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
          this.scheduleReconnect();
        },
      );
    }, this.retryMs);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    if (!client) return;
    await client.query(`UNLISTEN ${this.channel}`).catch(() => {});
    await client.end().catch(() => {});
  }
}
