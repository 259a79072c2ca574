import { connect, type Socket } from "node:net";

export interface LoadRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const CRLF_CRLF = Buffer.from("\r\n\r\n");

/** One kept-alive connection answering one request at a time. */
class Connection {
  private readonly socket: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: ((status: number) => void) | null = null;
  closed = false;

  constructor(
    port: number,
    host: string,
    onFree: (c: Connection) => void,
    onClosed: (c: Connection) => void,
  ) {
    this.socket = connect({ port, host, noDelay: true });
    this.socket.on("data", (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      const status = this.complete();
      if (status === null) return;
      const resolve = this.pending;
      this.pending = null;
      resolve?.(status);
      onFree(this);
    });
    const fail = () => {
      if (this.closed) return;
      this.closed = true;
      this.pending?.(0);
      this.pending = null;
      onClosed(this);
    };
    this.socket.on("error", fail);
    this.socket.on("close", fail);
  }

  send(request: string): Promise<number> {
    return new Promise((resolve) => {
      this.pending = resolve;
      this.socket.write(request);
    });
  }

  /** The response's status once it has fully arrived (its bytes consumed), else null. */
  private complete(): number | null {
    const end = this.buffer.indexOf(CRLF_CRLF);
    if (end < 0) return null;
    const head = this.buffer.toString("latin1", 0, end).toLowerCase();
    const status = Number(head.slice(9, 12));
    const bodyStart = end + 4;
    const length = /\r\ncontent-length: *(\d+)/.exec(head);
    if (length) {
      const total = bodyStart + Number(length[1]);
      if (this.buffer.length < total) return null;
      this.buffer = this.buffer.subarray(total);
      return status;
    }
    if (!head.includes("\r\ntransfer-encoding: chunked")) {
      this.buffer = this.buffer.subarray(bodyStart);
      return status;
    }
    // Chunked: walk the chunk sizes to the last (zero) chunk and its empty trailer.
    let at = bodyStart;
    for (;;) {
      const lineEnd = this.buffer.indexOf("\r\n", at);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(this.buffer.toString("latin1", at, lineEnd), 16);
      if (size === 0) {
        if (this.buffer.length < lineEnd + 4) return null;
        this.buffer = this.buffer.subarray(lineEnd + 4);
        return status;
      }
      at = lineEnd + 2 + size + 2;
      if (this.buffer.length < at) return null;
    }
  }

  close() {
    this.closed = true;
    this.socket.destroy();
  }
}

/**
 * HTTP/1.1 requests over kept-alive sockets, for a load generator on the same cores as the server: a request is one
 * string, made once and written each time; a response is read to its end and dropped. node:http's client costs this process about four times
 * as much CPU a request, which the server then cannot use.
 */
export class LoadClient {
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();
  /** Requests waiting for a connection, oldest first, each with its caller's resolve. */
  private readonly queued: { request: string; resolve: (status: number) => void }[] = [];

  /**
   * `maxConnections`: as a browser opens at most six HTTP/1.1 connections to a host and queues the rest, one
   * signed-in user's requests wait for one of theirs. Without a cap a slow server was sent ever more new connections,
   * each an accept and a hand-over by the cluster's supervisor: CPU taken when the server had least to spare.
   */
  constructor(
    private readonly port: number,
    private readonly host = "127.0.0.1",
    private readonly maxConnections = 6,
  ) {}

  /** A request as this client writes it: worked out once, sent many times. */
  format(request: LoadRequest): string {
    let text = `${request.method} ${request.path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    for (const [name, value] of Object.entries(request.headers)) text += `${name}: ${value}\r\n`;
    if (request.body !== undefined) text += `content-length: ${Buffer.byteLength(request.body)}\r\n`;
    return `${text}\r\n${request.body ?? ""}`;
  }

  /** Sends a request made by format(); resolves with the response's status, or 0 when the connection failed. */
  send(request: string): Promise<number> {
    const connection = this.connection();
    if (connection) return connection.send(request);
    return new Promise((resolve) => this.queued.push({ request, resolve }));
  }

  /** An idle connection, or a new one while under the cap; null when the request must wait. */
  private connection(): Connection | null {
    let connection = this.idle.pop();
    while (connection?.closed) connection = this.idle.pop();
    if (connection) return connection;
    if (this.all.size >= this.maxConnections) return null;
    connection = new Connection(
      this.port,
      this.host,
      (c) => this.freed(c),
      (c) => {
        this.all.delete(c);
        // A waiting request gets the closed connection's place.
        const next = this.queued.shift();
        if (next) void this.send(next.request).then(next.resolve);
      },
    );
    this.all.add(connection);
    return connection;
  }

  /** A connection's response has arrived: the oldest waiting request goes on it, else it waits idle. */
  private freed(connection: Connection) {
    const next = this.queued.shift();
    if (next) void connection.send(next.request).then(next.resolve);
    else this.idle.push(connection);
  }

  close() {
    for (const connection of this.all) connection.close();
    this.all.clear();
    this.idle.length = 0;
    for (const { resolve } of this.queued.splice(0)) resolve(0);
  }
}
