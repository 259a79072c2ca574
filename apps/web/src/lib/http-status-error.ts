/**
 * A failure without a tRPC body (a proxy's 502 page): tRPC cannot parse it and would lose the status, which
 * decides the spec §4 redirect, so the status travels as the client error's cause.
 */
export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = "HttpStatusError";
  }
}
