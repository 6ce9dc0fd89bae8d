import { ConfigError, loadConfig, type Config } from '../config.js';
import { BackupError, Cleanups } from './archive.js';

/**
 * What `npm run backup` and `npm run restore` share: the configuration as the server reads it,
 * paths relative to where the operator typed the command, Ctrl+C undoing what was half done, and
 * any failure as one Spanish line on stderr with exit code 1.
 */
export async function runCli(failure: string, task: (config: Config, args: string[], cleanups: Cleanups) => Promise<string[]>): Promise<never> {
  // npm runs a workspace's script in the workspace's folder; DATA_DIR=./data and a file named on the
  // command line mean the folder the operator was in, as for `npm start`.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const cleanups = new Cleanups();
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      // PostgreSQL got Ctrl+C too and is stopping by itself: its stop is not awaited forever.
      const deadline = new Promise((resolve) => setTimeout(resolve, 15_000).unref());
      void Promise.race([cleanups.run(), deadline]).finally(() => {
        console.error(`${failure}: interrumpida (${signal}); no quedó nada a medio hacer.`);
        process.exit(1);
      });
    });
  }
  try {
    const lines = await task(loadConfig(), process.argv.slice(2), cleanups);
    for (const line of lines) console.log(line);
    process.exit(0);
  } catch (error) {
    if (interrupted) await new Promise(() => undefined);
    console.error(`${failure}: ${describeError(error)}.`);
    if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(error);
    process.exit(1);
  }
}

/** One readable Spanish line for what went wrong. */
export function describeError(error: unknown): string {
  if (error instanceof ConfigError) return `configuración inválida: ${error.problems.join('; ')}`;
  if (!(error instanceof Error)) return String(error);
  if (error instanceof BackupError) return oneLine(error.message);
  const { code, path: file, address, port } = error as NodeJS.ErrnoException & { address?: string; port?: number };
  switch (code) {
    case 'ENOSPC':
      return `no queda espacio en el disco${file ? ` (${file})` : ''}`;
    case 'EACCES':
    case 'EPERM':
      return `sin permiso sobre ${file ?? 'un archivo'} (ejecute el comando con el usuario del servidor)`;
    case 'ENOENT':
      return `no existe ${file ?? 'un archivo necesario'}`;
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `no se pudo conectar con PostgreSQL${address ? ` en ${address}:${port}` : ''}`;
    case '28P01':
    case '28000':
      return 'PostgreSQL rechazó el usuario o la contraseña de DATABASE_URL';
    case '3D000':
      return 'la base de datos de DATABASE_URL no existe (créela vacía antes de restaurar)';
    case '42501':
      return `el usuario de PostgreSQL no tiene permiso: ${oneLine(error.message)}`;
    default:
      return oneLine(error.message);
  }
}

/** On one line; a capitalised first word lower-cased, to follow "No se pudo ...: " (not DATA_DIR or PostgreSQL). */
function oneLine(message: string): string {
  const line = message.replace(/\s*\n\s*/g, ' ').trim();
  return /^\p{Lu}\p{Ll}+\b/u.test(line) && !line.startsWith('PostgreSQL') ? line.charAt(0).toLowerCase() + line.slice(1) : line;
}
