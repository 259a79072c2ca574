import { maxHeaderSize, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FizCode } from "@fizio/domain";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { FastifyInstance } from "fastify";

type TrpcCode = keyof typeof TRPC_ERROR_CODES_BY_KEY;

/** What Node's HTTP parser refused, by the status it is answered with. */
function refusal(code: string | undefined): {
  status: number;
  trpc: TrpcCode;
  fiz: FizCode;
  params: Record<string, number>;
} {
  // A query's input travels in the URL: past the request head's limit (16 KiB) Node stops reading.
  if (code === "HPE_HEADER_OVERFLOW")
    return { status: 431, trpc: "PAYLOAD_TOO_LARGE", fiz: "FIZ003", params: { max: maxHeaderSize } };
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, trpc: "TIMEOUT", fiz: "FIZ301", params: {} };
  return { status: 400, trpc: "BAD_REQUEST", fiz: "FIZ002", params: {} };
}

/**
 * A request Node refuses before Fastify sees it (a head too large, a malformed request line) is answered as tRPC
 * answers a refused call, with a FIZ code the client can show, where Fastify's default sends a body of its own.
 * Nothing of the request is known here, so a batch gets one error, which the tRPC client gives to every call.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, trpc, fiz, params } = refusal(error.code);
  const data = { code: trpc, httpStatus: status, fiz, params };
  const body = JSON.stringify({
    error: { json: { message: fiz, code: TRPC_ERROR_CODES_BY_KEY[trpc], data } },
  });
  this.log.warn({ code: error.code, fiz }, "request refused by the HTTP parser");
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
