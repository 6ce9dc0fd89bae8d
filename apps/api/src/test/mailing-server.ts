import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpSink, type SmtpSink } from './mail.js';
import { startServer, waitForPostgresToStop, type ServerProcess } from './server-process.js';

/**
 * A crash test's setting for the whole file: a data folder and the suite's real SMTP server, and
 * `start()`, the server as `npm start` runs it on that folder sending its mail there (with an admin
 * and PUBLIC_URL set). The last server started is killed and everything removed after the file.
 */
export function mailingServer(name: string, { admin, publicUrl }: { admin: { email: string; password: string }; publicUrl: string }) {
  let folder = '';
  let smtp: SmtpSink | undefined;
  let last: ServerProcess | undefined;
  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), `concejo-crash-${name}-`));
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await last?.kill();
    // The killed server's PostgreSQL is stopped by its watchdog a moment later, writing as it stops: the
    // folder is removed once it is gone (removing it meanwhile could fail on a file written in between).
    if (last) await waitForPostgresToStop(folder);
    await smtp?.close();
    if (folder) await fs.rm(folder, { recursive: true, force: true });
  });
  return {
    /** The data folder (its embedded database: connectToServerDatabase). */
    folder: () => folder,
    smtp: () => smtp!,
    async start(): Promise<ServerProcess> {
      last = await startServer({
        dataDir: folder,
        env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SMTP_URL: smtp!.url, MAIL_FROM: 'Concejo <no-reply@concejo.example.org>', PUBLIC_URL: publicUrl },
      });
      return last;
    },
  };
}
