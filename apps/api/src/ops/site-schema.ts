import pg from 'pg';

/**
 * The site's own tables and sequences, read from the database (the `public` schema, which only the
 * migrations write): what a backup copies, and all that a restore lets an archive name.
 */
export interface SiteSchema {
  /** Each table, and the columns a backup copies of it (in their order): not generated, not xid8. */
  tables: Map<string, string[]>;
  /** Each sequence's last value; null when it was never used (or is not readable). */
  sequences: Map<string, string | null>;
}

/** A table or sequence of the site, as SQL names it: schema-qualified, quoted. */
export const inSiteSchema = (name: string) => `"public".${pg.escapeIdentifier(name)}`;

export async function readSiteSchema(client: pg.ClientBase): Promise<SiteSchema> {
  // Transaction ids (xid8) belong to the cluster that wrote them: a restored row takes the restore's own.
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname::text as name,
            coalesce(array_agg(a.attname::text order by a.attnum)
                       filter (where a.attnum > 0 and not a.attisdropped and a.attgenerated = '' and a.atttypid <> 'xid8'::regtype), '{}') as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      group by c.relname order by 1`,
  );
  // Sequences are not transactional: a value read now may be past a backup's snapshot, which only leaves a gap.
  const { rows: sequences } = await client.query<{ name: string; value: string | null }>(
    `select sequencename::text as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
  );
  return { tables: new Map(tables.map((table) => [table.name, table.columns])), sequences: new Map(sequences.map((sequence) => [sequence.name, sequence.value])) };
}
