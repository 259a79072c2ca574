import { describe, expect, it } from "vitest";
import { recordingKey, referenceVideoKey, storageConfigFromEnv, storageConfigToEnv } from "../src";

describe("storageConfigFromEnv", () => {
  it("is null without S3_ENDPOINT, so the local S3 is used", () => {
    expect(storageConfigFromEnv({})).toBeNull();
    expect(storageConfigFromEnv({ S3_ENDPOINT: " " })).toBeNull();
  });

  it("reads the S3 variables and round-trips through storageConfigToEnv", () => {
    const env = {
      S3_ENDPOINT: "https://s3.example.com",
      S3_BUCKET: "fizio",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    const config = storageConfigFromEnv(env)!;
    expect(config).toEqual({
      endpoint: "https://s3.example.com",
      region: "us-east-1",
      bucket: "fizio",
      accessKeyId: "id",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    expect(storageConfigFromEnv(storageConfigToEnv(config))).toEqual(config);
  });

  it("names the missing variables", () => {
    expect(() => storageConfigFromEnv({ S3_ENDPOINT: "http://x", S3_BUCKET: "b" })).toThrow(
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY",
    );
  });
});

describe("keys", () => {
  it("puts each entity's objects under its organisation and id", () => {
    expect(recordingKey("org1", "rec1", "annotated.mp4")).toBe("orgs/org1/recordings/rec1/annotated.mp4");
    expect(referenceVideoKey("org1", "ref1", "preview.jpg")).toBe(
      "orgs/org1/reference-videos/ref1/preview.jpg",
    );
  });

  it("refuses segments that would escape their prefix", () => {
    expect(() => recordingKey("org1", "a/b", "x")).toThrow();
    expect(() => recordingKey("org1", "rec", "..")).toThrow();
    expect(() => referenceVideoKey("", "ref", "x")).toThrow();
  });
});
