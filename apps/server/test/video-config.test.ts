import { describe, expect, it } from "vitest";
import { iceServersFromEnv, videoConfigFromEnv } from "../src/video-config";

describe("video visit settings", () => {
  it("reads ICE_SERVERS as URLs or as JSON, and refuses anything else", () => {
    expect(iceServersFromEnv(undefined)).toEqual([]);
    expect(iceServersFromEnv(" stun:stun.example.org:3478 , turn:turn.example.org ")).toEqual([
      { urls: "stun:stun.example.org:3478" },
      { urls: "turn:turn.example.org" },
    ]);
    const turn = [{ urls: ["turns:turn.example.org:443"], username: "u", credential: "c" }];
    expect(iceServersFromEnv(JSON.stringify(turn))).toEqual(turn);
    expect(() => iceServersFromEnv("http://example.org")).toThrow(/not a STUN or TURN URL/);
    expect(() => iceServersFromEnv('[{"url":"stun:x"}]')).toThrow(/JSON array/);
  });

  it("uses Vonage only with both its application id and private key", () => {
    const key = "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----";
    expect(videoConfigFromEnv({ VONAGE_APPLICATION_ID: "app" }).vonage).toBeNull();
    expect(videoConfigFromEnv({ VONAGE_APPLICATION_ID: "app", VONAGE_PRIVATE_KEY: key }).vonage).toEqual({
      applicationId: "app",
      privateKey: key,
      videoHost: undefined,
    });
  });
});
