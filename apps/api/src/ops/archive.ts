import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { isStorageKey } from '../lib/storage.js';

/**
 * What a backup archive (.tar.gz) holds:
 *   manifest.json             this file's shape (BackupManifest)
 *   database/<table>.tsv      each table of the `public` schema in COPY's text format
 *   uploads/<folder>/<name>   every uploaded file, as stored
 *   secrets/app-secret        the server's secret (signed links), when it had one
 */
export const BACKUP_FORMAT = 'concejo-backup';
export const BACKUP_VERSION = 1;

const identifier = z.string().regex(/^[a-z_][a-z0-9_]*$/);

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  /** When each migration applied to the database was written (drizzle's created_at), in order. */
  migrations: z.array(z.number().int()),
  tables: z.array(z.object({ name: identifier, columns: z.array(identifier).min(1), rows: z.number().int().min(0) })),
  /** Each sequence's last value; null when it was never used. */
  sequences: z.array(z.object({ name: identifier, value: z.string().regex(/^-?\d+$/).nullable() })),
  files: z.array(z.object({ key: z.string().refine(isStorageKey), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  /** Files a record pointed at that were not on disk when the backup ran. */
  missingFiles: z.array(z.string()),
  /** Whether secrets/app-secret is in the archive. */
  appSecret: z.boolean(),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** The manifest of an unpacked archive, or undefined when it is not one of ours (or another version's). */
export function parseManifest(text: string): BackupManifest | undefined {
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Tables an operator recognises, for the one-line summaries of the CLIs. */
const NAMED_TABLES: [table: string, one: string, many: string][] = [
  ['regulations', 'normativa', 'normativas'],
  ['day_orders', 'orden del día', 'órdenes del día'],
  ['news', 'noticia', 'noticias'],
  ['banners', 'banner', 'banners'],
  ['users', 'usuario', 'usuarios'],
];

const number = new Intl.NumberFormat('es-AR');

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 }).format(bytes / 1024)} KB`;
  return `${new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;
}

/** "30 normativas, 2 órdenes del día, 8 noticias, 3 banners, 7 usuarios; 56 archivos (4,2 MB)". */
export function describeContents(manifest: BackupManifest): string {
  const rows = new Map(manifest.tables.map((table) => [table.name, table.rows]));
  const named = NAMED_TABLES.filter(([table]) => rows.has(table)).map(([table, one, many]) => {
    const count = rows.get(table)!;
    return `${number.format(count)} ${count === 1 ? one : many}`;
  });
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  const files = `${number.format(manifest.files.length)} ${manifest.files.length === 1 ? 'archivo' : 'archivos'} (${formatBytes(bytes)})`;
  return `${named.join(', ')}; ${files}`;
}

/** A failure the operator can act on, in Spanish, printed as it is by the CLIs. */
export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupError';
  }
}

/**
 * What to undo if the process is interrupted (SIGINT, SIGTERM) halfway: stop the PostgreSQL it
 * started, remove half-made files. Each step is undone in reverse order; a finished step removes its own.
 */
export class Cleanups {
  private readonly tasks = new Set<() => Promise<unknown>>();

  add(task: () => Promise<unknown>): () => void {
    this.tasks.add(task);
    return () => this.tasks.delete(task);
  }

  async run(): Promise<void> {
    const tasks = [...this.tasks].reverse();
    this.tasks.clear();
    for (const task of tasks) await task().catch(() => undefined);
  }
}
