import fs from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { capturingLogger } from '../test/harness.js';
import { addressKey, connectionCap, limitConnections, openFileLimit } from './connection-limits.js';

describe('the total limit of connections', () => {
  it('is what the open-file limit leaves past a reserve of a quarter (at least 128, at most half)', () => {
    expect(connectionCap(undefined, 700)).toBe(525);
    expect(connectionCap(undefined, 1024)).toBe(768);
    expect(connectionCap(undefined, 20_000)).toBe(15_000);
    expect(connectionCap(undefined, 200)).toBe(100);
    expect(connectionCap(undefined, undefined)).toBeUndefined();
    // MAX_CONNECTIONS, when set, as it is.
    expect(connectionCap(300, 700)).toBe(300);
  });

  it("reads the process's soft open-file limit, and nothing where it is unlimited or unreadable", async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-limits-'));
    const limits = (soft: string) => `Limit                     Soft Limit           Hard Limit           Units     \nMax processes             63704                63704                processes \nMax open files            ${soft}                 524288               files     \n`;
    try {
      await fs.writeFile(path.join(folder, 'a'), limits('700'));
      await fs.writeFile(path.join(folder, 'b'), limits('unlimited'));
      expect(openFileLimit(path.join(folder, 'a'))).toBe(700);
      expect(openFileLimit(path.join(folder, 'b'))).toBeUndefined();
      expect(openFileLimit(path.join(folder, 'missing'))).toBeUndefined();
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
    if (process.platform === 'linux') expect(openFileLimit()).toBeGreaterThan(0);
  });
});

describe('the per-address count', () => {
  it('is by IPv4 address (also mapped into IPv6) and by IPv6 /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('limitConnections', () => {
  const servers: net.Server[] = [];
  const sockets: net.Socket[] = [];
  const agents: http.Agent[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    for (const agent of agents.splice(0)) agent.destroy();
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function serverWith(limits: Parameters<typeof limitConnections>[1], fileLimit?: number) {
    const capture = capturingLogger();
    const server = net.createServer((socket) => socket.on('error', () => undefined));
    servers.push(server);
    const limiter = limitConnections(server, limits, capture.logger, fileLimit);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { limiter, entries: () => capture.entries() as { msg: string }[], port: (server.address() as AddressInfo).port };
  }

  /** A connection from `address`: 'open' while the server keeps it, 'closed' when the server closes it at once. */
  async function connect(port: number, address: string): Promise<{ socket: net.Socket; state: () => 'open' | 'closed' }> {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: address });
    sockets.push(socket);
    socket.on('error', () => undefined);
    let closed = false;
    socket.once('close', () => (closed = true));
    await new Promise((resolve) => socket.once('connect', resolve));
    return { socket, state: () => (closed ? 'closed' : 'open') };
  }

  it('closes at once what one address opens past its limit, counts each address apart, and frees a place when one closes', async () => {
    const { port, limiter, entries } = await serverWith({ perAddress: 3, total: undefined, exempt: () => false });
    const first = await Promise.all([1, 2, 3].map(() => connect(port, '127.0.0.3')));
    await expect.poll(() => limiter.openFrom('127.0.0.3')).toBe(3);
    const fourth = await connect(port, '127.0.0.3');
    await expect.poll(() => fourth.state()).toBe('closed');
    const other = await connect(port, '127.0.0.2');
    await expect.poll(() => limiter.openFrom('127.0.0.2')).toBe(1);
    expect(other.state()).toBe('open');
    expect(first.map((connection) => connection.state())).toEqual(['open', 'open', 'open']);
    first[0]!.socket.destroy();
    await expect.poll(() => limiter.openFrom('127.0.0.3')).toBe(2);
    const again = await connect(port, '127.0.0.3');
    await expect.poll(() => limiter.openFrom('127.0.0.3')).toBe(3);
    expect(again.state()).toBe('open');
    expect(entries().filter((line) => line.msg === 'connections refused: too many open from one address')).toEqual([expect.objectContaining({ address: '127.0.0.3', limit: 3 })]);
  });

  it('does not count a trusted proxy, whose connections carry every client', async () => {
    const { port, limiter } = await serverWith({ perAddress: 2, total: undefined, exempt: (address) => address === '127.0.0.4' });
    const proxied = await Promise.all([1, 2, 3, 4, 5].map(() => connect(port, '127.0.0.4')));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(proxied.map((connection) => connection.state())).toEqual(['open', 'open', 'open', 'open', 'open']);
    expect(limiter.openFrom('127.0.0.4')).toBe(0);
  });

  it('refuses connections past the total limit, and warns when MAX_CONNECTIONS leaves too few open files', async () => {
    const unsafe = await serverWith({ perAddress: 100, total: 600, exempt: () => false }, 700);
    expect(unsafe.limiter.total).toBe(600);
    expect(unsafe.entries().find((line) => line.msg.startsWith('MAX_CONNECTIONS leaves too few open files'))).toMatchObject({ advised: 525 });

    const small = await serverWith({ perAddress: 100, total: 2, exempt: () => false });
    await Promise.all([connect(small.port, '127.0.0.5'), connect(small.port, '127.0.0.6')]);
    await expect.poll(() => small.limiter.openFrom('127.0.0.5') + small.limiter.openFrom('127.0.0.6')).toBe(2);
    const third = await connect(small.port, '127.0.0.7');
    await expect.poll(() => third.state()).toBe('closed');
    expect(small.entries().find((line) => line.msg.startsWith('connections refused: the server holds MAX_CONNECTIONS'))).toMatchObject({ limit: 2 });
  });

  it('closes the idle keep-alive connections when it refuses one at the total limit, so that the next attempt gets in', async () => {
    const capture = capturingLogger();
    const server = http.createServer((_request, response) => response.end('ok'));
    servers.push(server);
    limitConnections(server, { perAddress: 100, total: 2, exempt: () => false }, capture.logger);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    agents.push(agent);
    const get = () =>
      new Promise<number | string>((resolve) => {
        const request = http.get({ host: '127.0.0.1', port, agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
    // Two answered requests leave two idle keep-alive connections: the server is full.
    expect(await Promise.all([get(), get()])).toEqual([200, 200]);
    const refused = await connect(port, '127.0.0.5');
    await expect.poll(() => refused.state()).toBe('closed');
    // Refusing it closed the idle ones: the next visitor gets in.
    await expect.poll(() => Object.values(agent.sockets).flat().length + Object.values(agent.freeSockets).flat().length).toBe(0);
    const next = await connect(port, '127.0.0.5');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(next.state()).toBe('open');
  });
});
