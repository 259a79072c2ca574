/**
 * TRUST_PROXY as the number of reverse proxies in front of the server: the client address is read that many
 * entries from the right of X-Forwarded-For, so an address a client forges at the left is never believed.
 * `true` is one hop (the old boolean setting); unset is none.
 */
export function proxyHopsFromEnv(value: string | undefined): number {
  if (!value || value === "false") return 0;
  if (value === "true") return 1;
  if (!/^\d{1,2}$/.test(value))
    throw new Error("TRUST_PROXY must be the number of proxies in front (0, 1, 2…)");
  return Number(value);
}

/**
 * Fastify's trustProxy for `hops` proxies. Fastify 5 refuses a bare number (it cannot know the peer is a
 * proxy), so the hops are spelled out: the socket peer and the next hops-1 forwarders are trusted.
 */
export function trustProxyHops(hops: number): ((address: string, hop: number) => boolean) | false {
  return hops > 0 ? (_address, hop) => hop < hops : false;
}
