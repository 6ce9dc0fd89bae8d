import { readFileSync } from 'node:fs';
import { Server as HttpServer } from 'node:http';
import { isIPv6, type Server, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Open connections are bounded twice, so that no client can take the file descriptors the site needs:
 *
 * - per client address (CONNECTIONS_PER_ADDRESS): a connection past the limit is closed as soon as it
 *   is accepted, before a byte of it is read. An IPv6 client counts by its /64 (one subscriber's
 *   network: it holds far more addresses than any limit). A proxy TRUST_PROXY trusts is not counted
 *   (its connections carry everyone's requests; nginx bounds each client itself, deploy/nginx.conf).
 * - in all (MAX_CONNECTIONS; Node's `server.maxConnections`): by default what the process's open-file
 *   limit leaves once a reserve is kept for PostgreSQL, the stored files, spooled uploads, the
 *   document workers and the logs, so that a flood of connections is refused at the door rather than
 *   starving the site of descriptors (EMFILE) for every visitor. At the limit, idle keep-alive
 *   connections are closed, so that the next visitor finds room.
 */

/** Descriptors kept out of the connections' reach: at least this many... */
const RESERVE_MIN = 128;
/** ...or this share of the open-file limit, whichever is more (but never more than half of it). */
const RESERVE_SHARE = 0.25;
/** At the total limit, idle keep-alive connections are closed at most this often. */
const IDLE_SWEEP_MS = 1_000;
/** At most one warning this often about connections refused at the total limit (a flood would write one per connection). */
const DROP_REPORT_MS = 60_000;

/** The soft limit of open files of this process (/proc/self/limits), or undefined where it cannot be read or is unlimited. */
export function openFileLimit(limitsFile = '/proc/self/limits'): number | undefined {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    return soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
  } catch {
    return undefined;
  }
}

/** The total limit of connections: the configured one, or what `fileLimit` leaves past the reserve (undefined: none). */
export function connectionCap(configured: number | undefined, fileLimit: number | undefined): number | undefined {
  if (configured !== undefined) return configured;
  if (fileLimit === undefined) return undefined;
  const reserve = Math.min(Math.floor(fileLimit / 2), Math.max(RESERVE_MIN, Math.ceil(fileLimit * RESERVE_SHARE)));
  return Math.max(1, fileLimit - reserve);
}

/** Whose connection it is for the per-address count: an IPv4 address (also mapped into IPv6), or an IPv6 /64. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/64`;
}

export interface ConnectionLimits {
  /** Most open connections from one client address. */
  perAddress: number;
  /** Most open connections in all (MAX_CONNECTIONS); undefined: what the open-file limit leaves (connectionCap). */
  total: number | undefined;
  /** Peers not counted per address: the trusted proxies (lib/trust-proxy.ts isTrustedProxy). */
  exempt: (address: string) => boolean;
}

/**
 * Applies the limits to `server`'s connections. Answers the total limit in force and how many
 * connections an address holds (for tests).
 */
export function limitConnections(server: Server, limits: ConnectionLimits, log: FastifyBaseLogger, fileLimit = openFileLimit()) {
  /** Open connections by address key, and how many were refused since the address went over. */
  const open = new Map<string, { count: number; refused: number }>();
  const total = connectionCap(limits.total, fileLimit);
  const safe = connectionCap(undefined, fileLimit);
  if (limits.total !== undefined && safe !== undefined && limits.total > safe) {
    log.warn({ maxConnections: limits.total, openFileLimit: fileLimit, advised: safe }, 'MAX_CONNECTIONS leaves too few open files for the database and the stored files: lower it, or raise the open-file limit (LimitNOFILE)');
  }
  if (total !== undefined) server.maxConnections = total;
  log.info({ perAddress: limits.perAddress, total: total ?? 'unlimited', openFileLimit: fileLimit ?? 'unknown' }, 'connection limits');

  let dropped = 0;
  let lastDropReport = -Infinity;
  let lastIdleSweep = -Infinity;
  server.on('drop', () => {
    dropped += 1;
    // Browsers keep idle connections open for the next request (72 s): at the limit they go, so that
    // a new visitor's next attempt finds room (once a second at most).
    if (server instanceof HttpServer && performance.now() - lastIdleSweep > IDLE_SWEEP_MS) {
      lastIdleSweep = performance.now();
      server.closeIdleConnections();
    }
    if (performance.now() - lastDropReport < DROP_REPORT_MS) return;
    lastDropReport = performance.now();
    log.warn({ refused: dropped, limit: total }, 'connections refused: the server holds MAX_CONNECTIONS open connections');
    dropped = 0;
  });

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || limits.exempt(address)) return;
    const key = addressKey(address);
    const entry = open.get(key) ?? { count: 0, refused: 0 };
    if (entry.count >= limits.perAddress) {
      // Said once when an address goes over, and once more with the count when it is back under.
      if (entry.refused === 0) log.warn({ address: key, limit: limits.perAddress }, 'connections refused: too many open from one address');
      entry.refused += 1;
      socket.destroy();
      return;
    }
    entry.count += 1;
    open.set(key, entry);
    socket.once('close', () => {
      entry.count -= 1;
      if (entry.count > 0) return;
      open.delete(key);
      if (entry.refused > 0) log.warn({ address: key, refused: entry.refused }, 'connections from one address all closed; these were refused past its limit');
    });
  });

  return {
    total,
    openFrom: (address: string) => open.get(addressKey(address))?.count ?? 0,
  };
}
