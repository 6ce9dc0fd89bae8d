import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { isStorageKey } from '../lib/storage.js';
import type { SiteSchema } from './site-schema.js';

/**
 * What a backup archive (.tar.gz) holds:
 *   manifest.json             this file's shape (BackupManifest)
 *   database/<table>.tsv      each table of the `public` schema in COPY's text format
 *   uploads/<folder>/<name>   every uploaded file, as stored
 *   secrets/app-secret        the server's secret (signed links), when it had one
 */
export const BACKUP_FORMAT = 'concejo-backup';
export const BACKUP_VERSION = 1;

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  /** When each migration applied to the database was written (drizzle's created_at), in order. */
  migrations: z.array(z.number().int()),
  /** Names as the archive gives them: checked against the site's own tables by assertSiteData. */
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()).min(1), rows: z.number().int().min(0) })),
  /** Each sequence's last value; null when it was never used. */
  sequences: z.array(z.object({ name: z.string(), value: z.string().regex(/^-?\d+$/).nullable() })),
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

/** A name a migration of ours gives a table, column or sequence: lower case, unquoted, at most 63 bytes. */
const PLAIN_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A name from an archive as a message shows it: a plain one as it is, any other quoted and escaped (one line). */
const shownName = (name: string) => (PLAIN_NAME.test(name) ? name : JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name));

const refusal = (problem: string) => new BackupError(`${problem}; no se restauró nada`);

/**
 * An archive names data, never where it goes: each table it names must be one of the site's own
 * (`site`, read from the database its migrations just made, never from the archive), once, with
 * exactly the columns a backup copies of it, and each sequence one of the site's. Without `site`
 * (before the database is opened), what no site has: a name with other characters, a table or
 * column named twice. Throws the refusal, in Spanish, before anything is written.
 */
export function assertSiteData(manifest: BackupManifest, site?: SiteSchema): void {
  const named = new Set<string>();
  for (const table of manifest.tables) {
    if (!PLAIN_NAME.test(table.name) || (site && !site.tables.has(table.name))) throw refusal(`la copia nombra una tabla que el sitio no tiene (${shownName(table.name)})`);
    if (named.has(table.name)) throw refusal(`la copia nombra dos veces la tabla ${table.name}`);
    named.add(table.name);
    const expected = site?.tables.get(table.name);
    const extra = table.columns.filter((column, index) => !PLAIN_NAME.test(column) || table.columns.indexOf(column) !== index || (expected && !expected.includes(column)));
    const missing = expected?.filter((column) => !table.columns.includes(column)) ?? [];
    if (extra.length > 0 || missing.length > 0) {
      const differences = [extra.length > 0 ? `sobran: ${extra.map(shownName).join(', ')}` : '', missing.length > 0 ? `faltan: ${missing.join(', ')}` : ''];
      throw refusal(`las columnas de la tabla ${table.name} en la copia no son las del sitio (${differences.filter(Boolean).join('; ')})`);
    }
  }
  for (const sequence of manifest.sequences) {
    if (!PLAIN_NAME.test(sequence.name) || (site && !site.sequences.has(sequence.name))) throw refusal(`la copia nombra una secuencia que el sitio no tiene (${shownName(sequence.name)})`);
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
