import { BlockList } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/** TRUST_PROXY as the config reads it: no proxy, a hop count, or the proxies' addresses and ranges. */
export type TrustProxySetting = false | number | string[];

/** Loopback, link-local and private ranges: where a reverse proxy of this server lives. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16]] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) INTERNAL.addSubnet(network, prefix, 'ipv6');

function isInternal(address: string): boolean {
  try {
    return INTERNAL.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
  } catch {
    return false;
  }
}

/**
 * Fastify's trustProxy for the setting. Fastify refuses a bare hop count, since a client that reaches
 * the server directly could then write its own X-Forwarded-For; so a hop count here trusts that many
 * hops only when the nearest one, the peer of the socket, is on this machine or the private network.
 * A client connecting from a public address is never taken for a proxy.
 */
export function trustProxyOption(setting: TrustProxySetting): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false || Array.isArray(setting)) return setting;
  const hops = setting;
  return (address, hop) => hop < hops && (hop > 0 || isInternal(address));
}

/** Fastify's trust function for the setting (address, hop), or undefined when no proxy is trusted. */
function proxyTrust(setting: TrustProxySetting): ((address: string, hop: number) => boolean) | undefined {
  const option = trustProxyOption(setting);
  if (option === false) return undefined;
  return typeof option === 'function' ? option : proxyAddr.compile(option);
}

/**
 * Whether a socket's peer is a proxy this setting trusts (the nearest hop, as Fastify judges it): its
 * connections carry many clients, so the per-address connection limit leaves them alone
 * (lib/connection-limits.ts). Never true without TRUST_PROXY.
 */
export function isTrustedProxy(setting: TrustProxySetting): (address: string) => boolean {
  const trusted = proxyTrust(setting);
  return trusted ? (address) => trusted(address, 0) : () => false;
}
