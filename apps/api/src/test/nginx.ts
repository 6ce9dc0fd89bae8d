import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../db/embedded.js';

/**
 * Debian's nginx in front of the test's instances, with the configuration the README recommends
 * (deploy/nginx.conf): its upstream lines pointed at the instances' ports, its listen line at a free
 * loopback port and its access log into a temporary folder; nothing else of it is changed.
 */

const RECOMMENDED = fileURLToPath(new URL('../../../../deploy/nginx.conf', import.meta.url));
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface AccessLine {
  request: string;
  status: number;
  /** Every instance nginx tried, in order ("127.0.0.1:3001"); '-' when none was. */
  upstreams: string[];
  upstreamStatuses: string[];
}

export interface Nginx {
  url: string;
  /** The access log so far, parsed (the recommended log_format). */
  accessLog: () => Promise<AccessLine[]>;
  /** nginx's own output and error log. */
  errors: () => Promise<string>;
  stop: () => Promise<void>;
}

/** The recommended configuration for these instances' ports, and where nginx listens and logs. */
export async function configureNginx(instancePorts: [number, number], port: number, accessLog: string): Promise<string> {
  const recommended = await fs.readFile(RECOMMENDED, 'utf8');
  const replacements: [RegExp, string][] = [
    [/server 127\.0\.0\.1:3001 /, `server 127.0.0.1:${instancePorts[0]} `],
    [/server 127\.0\.0\.1:3002 /, `server 127.0.0.1:${instancePorts[1]} `],
    [/listen 80;/, `listen 127.0.0.1:${port};`],
    [/access_log \/var\/log\/nginx\/concejo\.access\.log concejo;/, `access_log ${accessLog} concejo;`],
  ];
  let conf = recommended;
  for (const [pattern, value] of replacements) {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf no longer has ${pattern}: update test/nginx.ts with it`);
    conf = conf.replace(pattern, value);
  }
  return conf;
}

/**
 * The main file of an nginx run in the foreground from `folder` (its pid, error log and temporary
 * folders there), with two workers and `http` lines inside its http block.
 */
export function nginxMainConfig(folder: string, http: string[]): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(folder, name)};`;
  return [
    // Run as root (CI), nginx would hand its workers to `nobody`, who cannot use this folder.
    process.getuid?.() === 0 ? 'user root;' : '',
    'daemon off;',
    'worker_processes 2;',
    `pid ${path.join(folder, 'nginx.pid')};`,
    `error_log ${path.join(folder, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    ...http.map((line) => `  ${line}`),
    '}',
  ].join('\n');
}

export async function startNginx(instancePorts: [number, number]): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`The balancer test needs Debian's nginx at ${NGINX} (sudo apt-get install -y nginx).`);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-nginx-'));
  const port = await findFreePort();
  const accessLog = path.join(folder, 'access.log');
  await fs.writeFile(path.join(folder, 'concejo.conf'), await configureNginx(instancePorts, port, accessLog));
  await fs.writeFile(path.join(folder, 'nginx.conf'), nginxMainConfig(folder, [`include ${path.join(folder, 'concejo.conf')};`]));

  const child = spawn(NGINX, ['-p', folder, '-c', path.join(folder, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const errors = async () => `${output}${await fs.readFile(path.join(folder, 'error.log'), 'utf8').catch(() => '')}`;

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  // Up once it answers anything (the instances may still be starting: 502 counts).
  while ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(() => true, () => false)) === false) {
    if (gone) throw new Error(`nginx left before it answered:\n${await errors()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer within 30 s:\n${await errors()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url,
    accessLog: async () => parseAccessLog(await fs.readFile(accessLog, 'utf8').catch(() => '')),
    errors,
    stop: async () => {
      if (!gone) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}

/** Lines of the recommended log_format: `... "GET /x HTTP/1.1" 200 12 0.004 upstream=a, b upstream_status=503, 200`. */
export function parseAccessLog(text: string): AccessLine[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = /"([^"]*)" (\d{3}) \d+ [\d.]+ upstream=(.*) upstream_status=(.*)$/.exec(line);
      if (!match) throw new Error(`an access log line not in the recommended format: ${line}`);
      // Servers tried are separated by ', '.
      const list = (value: string) => value.split(', ');
      return { request: match[1]!, status: Number(match[2]), upstreams: list(match[3]!), upstreamStatuses: list(match[4]!) };
    });
}
