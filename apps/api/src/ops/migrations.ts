import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { migrationsFolder } from '../db/migrate.js';

export type Migration = MigrationMeta;

/** The migrations this version of the server knows, oldest first. */
export function knownMigrations(): Migration[] {
  return readMigrationFiles({ migrationsFolder });
}

/**
 * Applies migrations inside the caller's transaction, recording them as drizzle's migrator does
 * (drizzle.__drizzle_migrations: hash, created_at), so that the server's next start sees them
 * applied. drizzle's own migrate() opens its own transaction; a restore needs schema and rows to be
 * one transaction, so that a failed restore leaves the database empty.
 */
export async function applyMigrations(client: pg.ClientBase, migrations: Migration[]): Promise<void> {
  await client.query('create schema if not exists drizzle');
  await client.query('create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)');
  for (const migration of migrations) {
    for (const statement of migration.sql) if (statement.trim() !== '') await client.query(statement);
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [migration.hash, migration.folderMillis]);
  }
}
