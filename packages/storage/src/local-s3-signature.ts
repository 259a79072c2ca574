import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Whether a presigned (query-string SigV4) request carries the signature its URL was made with, checked the
 * way S3 checks it: against the request's own signed headers. s3rver does not verify SigV4 at all, so without
 * this a part URL signed for one Content-Length would take a body of any length locally, unlike S3.
 * Requests signed otherwise (the SDK's Authorization header) and preflights are left to s3rver: true.
 */
export function presignedSignatureMatches(req: IncomingMessage, secretAccessKey: string): boolean {
  const url = new URL(req.url ?? "/", "http://local");
  const query = url.searchParams;
  const signature = query.get("X-Amz-Signature");
  if (!signature || req.method === "OPTIONS" || query.get("X-Amz-Algorithm") !== "AWS4-HMAC-SHA256")
    return true;
  const [, ...scope] = (query.get("X-Amz-Credential") ?? "").split("/");
  const [date, region, service] = scope;
  const signedHeaders = (query.get("X-Amz-SignedHeaders") ?? "").split(";");
  if (!date || !region || !service) return false;

  const canonicalQuery = [...query]
    .filter(([name]) => name !== "X-Amz-Signature")
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalHeaders = signedHeaders
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonicalRequest = [
    req.method,
    // S3 signs the path as sent (encoded once), not re-encoded.
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(";"),
    query.get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD",
  ].join("\n");
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    query.get("X-Amz-Date") ?? "",
    scope.join("/"),
    createHash("sha256").update(canonicalRequest).digest("hex"),
  ].join("\n");
  const key = [date, region, service, "aws4_request"].reduce<Buffer | string>(
    (k, part) => hmac(k, part),
    `AWS4${secretAccessKey}`,
  );
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** S3's answer to a request whose signature does not match, e.g. a part of another length than signed. */
export function refuseSignature(res: ServerResponse): void {
  res.writeHead(403, { "content-type": "application/xml", "access-control-allow-origin": "*" });
  res.end(
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>',
  );
}
