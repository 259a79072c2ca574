import { readFileSync } from "node:fs";
import type { VideoConfig } from "@fizio/api";

/**
 * ICE_SERVERS: a JSON array as RTCPeerConnection takes it (`[{"urls":"turn:…","username":…,"credential":…}]`),
 * or STUN/TURN URLs separated by commas. Empty: none, which works while everyone is on one network.
 */
export function iceServersFromEnv(value: string | undefined): VideoConfig["iceServers"] {
  const text = value?.trim();
  if (!text) return [];
  if (text.startsWith("[")) {
    const parsed: unknown = JSON.parse(text);
    const valid =
      Array.isArray(parsed) &&
      parsed.every(
        (s) =>
          typeof s === "object" &&
          s !== null &&
          (typeof s.urls === "string" ||
            (Array.isArray(s.urls) && s.urls.every((u: unknown) => typeof u === "string"))),
      );
    if (!valid) throw new Error("ICE_SERVERS must be a JSON array of { urls, username?, credential? }");
    return parsed;
  }
  const urls = text
    .split(",")
    .map((u) => u.trim())
    .filter(Boolean);
  for (const url of urls)
    if (!/^(stun|stuns|turn|turns):/.test(url))
      throw new Error(`ICE_SERVERS: not a STUN or TURN URL: ${url}`);
  return urls.map((urls) => ({ urls }));
}

/**
 * Vonage carries the media when VONAGE_APPLICATION_ID and VONAGE_PRIVATE_KEY (the PEM itself, or a path to
 * it) are both set; otherwise the embedded WebRTC engine does.
 */
export function videoConfigFromEnv(env: NodeJS.ProcessEnv): VideoConfig {
  const applicationId = env.VONAGE_APPLICATION_ID?.trim();
  const key = env.VONAGE_PRIVATE_KEY?.trim();
  const privateKey = key && !key.includes("-----BEGIN") ? readFileSync(key, "utf8") : key;
  return {
    iceServers: iceServersFromEnv(env.ICE_SERVERS),
    vonage:
      applicationId && privateKey
        ? { applicationId, privateKey, videoHost: env.VONAGE_VIDEO_HOST || undefined }
        : null,
  };
}
