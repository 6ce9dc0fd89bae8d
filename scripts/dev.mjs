#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch) on PORT (3000) and Vite with hot reload on 5173,
// which proxies /api to it. Ctrl+C stops both (and the embedded PostgreSQL with the API).
import { spawn } from 'node:child_process';
import path from 'node:path';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@concejo/api'], {
    stdio: 'inherit',
    // Links in e-mails (password reset, verification) open the Vite page, which proxies /api.
    env: { ...process.env, DATA_DIR: path.resolve(process.env.DATA_DIR ?? 'data'), PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@concejo/web'], { stdio: 'inherit' }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
