import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BucketSettings } from '../lib/storage.js';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../../../scripts/s3-server.sh', import.meta.url));

/**
 * Starts a real S3 server (OpenStack Swift with s3api, from Debian's packages) in a temporary folder
 * on a free block of five ports, for the storage tests; fails, never skips, when Swift is missing.
 */
export async function startS3Server(): Promise<{ settings: BucketSettings; stop: () => Promise<void> }> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-test-s3-'));
  for (let attempt = 1; ; attempt += 1) {
    // Another run on this machine may hold a block: a random one, tried again when taken.
    const port = 20_000 + 5 * Math.floor(Math.random() * 4_000);
    try {
      const { stdout } = await run('bash', [SCRIPT, 'start', directory, String(port)], { env: { ...process.env, S3_BUCKET: 'concejo-test' }, timeout: 120_000 });
      const env = Object.fromEntries(stdout.split('\n').flatMap((line) => (/^[A-Z0-9_]+=/.test(line) ? [line.split(/=(.*)/s).slice(0, 2)] : [])));
      return {
        settings: {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION ?? 'us-east-1',
          bucket: env.S3_BUCKET ?? 'concejo-test',
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: true,
        },
        stop: async () => {
          await run('bash', [SCRIPT, 'stop', directory], { timeout: 60_000 });
          await fs.rm(directory, { recursive: true, force: true });
        },
      };
    } catch (error) {
      const message = (error as { stderr?: string }).stderr ?? String(error);
      if (attempt < 5 && /in use/.test(message)) continue;
      await fs.rm(directory, { recursive: true, force: true });
      throw new Error(
        `The storage tests need a real S3 server: Swift from Debian (sudo bash scripts/s3-server.sh install), which did not start: ${message.trim()}`,
        { cause: error },
      );
    }
  }
}

/** The server's settings for a site on this bucket, as an operator writes them (S3_*). */
export function s3Environment(settings: BucketSettings): Record<string, string> {
  return {
    ...(settings.endpoint ? { S3_ENDPOINT: settings.endpoint } : {}),
    S3_REGION: settings.region,
    S3_BUCKET: settings.bucket,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: String(settings.forcePathStyle),
  };
}
