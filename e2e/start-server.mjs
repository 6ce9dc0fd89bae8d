// Starts the built server on a data folder wiped first, so every e2e run begins from a fresh database.
import { rmSync } from 'node:fs';
import path from 'node:path';

rmSync(path.resolve(process.env.DATA_DIR ?? '.tmp/e2e-data'), { recursive: true, force: true });
await import('../apps/api/dist/server.js');
