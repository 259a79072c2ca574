import { GetObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { describe, expect, it } from "vitest";
import type { StorageConfig } from "../src/config";
import { createGetUrlPresigner } from "../src/presign-get";
import { createS3Client } from "../src/storage";

const base: StorageConfig = {
  endpoint: "http://127.0.0.1:4569",
  region: "eu-west-1",
  bucket: "fizio",
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
  forcePathStyle: true,
};

/** What the SDK's getSignedUrl makes for the same object and moment, with the client the storage uses. */
function sdkUrl(config: StorageConfig, key: string, disposition: string | undefined, signingDate: Date) {
  const client = createS3Client(config);
  return getSignedUrl(
    client,
    new GetObjectCommand({ Bucket: config.bucket, Key: key, ResponseContentDisposition: disposition }),
    { expiresIn: 600, signingDate },
  );
}

describe("presigned GET URLs", () => {
  const signingDate = new Date("2026-11-26T10:20:30Z");
  const keys = [
    "orgs/o1/recordings/r1/original.webm",
    "orgs/o1/documents/d 1/Informe (final)*.pdf",
    "orgs/o1/logo/ñandú+ü~'!.png",
  ];
  const configs: [string, StorageConfig][] = [
    ["path-style", base],
    ["virtual-hosted", { ...base, endpoint: "https://s3.eu-west-1.amazonaws.com", forcePathStyle: false }],
    ["an endpoint with a path", { ...base, endpoint: "https://storage.example.com/s3" }],
  ];
  for (const [name, config] of configs)
    for (const key of keys)
      for (const disposition of [undefined, `attachment; filename="a b.pdf"; filename*=UTF-8''a%20b.pdf`])
        it(`are the SDK's own (${name}, ${key}${disposition ? ", as a download" : ""})`, async () => {
          const ours = await createGetUrlPresigner(config)(key, 600, {
            responseContentDisposition: disposition,
            signingDate,
          });
          expect(ours).toBe(await sdkUrl(config, key, disposition, signingDate));
        });
});
