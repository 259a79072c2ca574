import { type ClientConfig, parseClientConfig } from "@fizio/domain";

/**
 * Spec §7: /config.json is loaded once before the app renders. Reading it before that, or setting it
 * twice, is a programming error, so both throw.
 */
let current: ClientConfig | undefined;

export function setConfig(config: ClientConfig): void {
  if (current) throw new Error("Client config is already set");
  current = config;
}

export function getConfig(): ClientConfig {
  if (!current) throw new Error("Client config read before it was loaded");
  return current;
}

export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<ClientConfig> {
  const response = await fetchImpl("/config.json", { credentials: "same-origin", cache: "no-store" });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  const config = parseClientConfig(await response.json());
  setConfig(config);
  return config;
}
