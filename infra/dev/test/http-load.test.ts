import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoadClient } from "../src/http-load";

let server: Server;
let port = 0;
const sockets = new Set<unknown>();
let inFlight = 0;
let mostInFlight = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    // Answers only once several requests are waiting, so the client has to queue some.
    setImmediate(() => {
      inFlight--;
      res.writeHead(req.url === "/missing" ? 404 : 200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  server.on("connection", (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("LoadClient", () => {
  it("opens at most its cap of connections, as a browser does, and sends the rest as they free", async () => {
    const client = new LoadClient(port, "127.0.0.1", 3);
    const ok = client.format({ method: "GET", path: "/", headers: {} });
    const missing = client.format({ method: "GET", path: "/missing", headers: {} });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.send(i === 7 ? missing : ok)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(statuses[7]).toBe(404);
    expect(sockets.size).toBe(3);
    expect(mostInFlight).toBeLessThanOrEqual(3);
    client.close();
  });
});
