import { readdir, readFile, rm, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";

const xmlEscape = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

function sendXml(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

function noSuchUpload(res: ServerResponse, uploadId: string) {
  sendXml(
    res,
    404,
    `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xmlEscape(uploadId)}</UploadId></Error>`,
  );
}

/**
 * ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId), read from s3rver 3.x's layout:
 * `<dir>/<bucket>/._S3rver_uploads/<uploadId>/{key, <partNumber>, <partNumber>.md5}`.
 * Returns false for every other request, which s3rver then serves.
 */
export async function handleMissingMultipartCalls(
  dir: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://local");
  const uploadId = url.searchParams.get("uploadId");
  if (!uploadId || (req.method !== "GET" && req.method !== "DELETE")) return false;
  const [, bucket, ...keyParts] = url.pathname.split("/").map(decodeURIComponent);
  const key = keyParts.join("/");
  if (!bucket || !key || !/^[0-9a-f]+$/.test(uploadId)) return false;

  const uploadDir = join(dir, bucket, "._S3rver_uploads", uploadId);
  const storedKey = await readFile(join(uploadDir, "key"), "utf8").catch(() => null);
  if (storedKey !== key) {
    noSuchUpload(res, uploadId);
    return true;
  }
  if (req.method === "DELETE") {
    await rm(uploadDir, { recursive: true, force: true });
    res.writeHead(204).end();
    return true;
  }

  const numbers = (await readdir(uploadDir))
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (n) => {
      const [info, md5] = await Promise.all([
        stat(join(uploadDir, String(n))),
        readFile(join(uploadDir, `${n}.md5`), "utf8"),
      ]);
      return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
    }),
  );
  sendXml(
    res,
    200,
    `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`,
  );
  return true;
}
