import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.js';

// Issue 34: a module reads its own tables; another module's rows it asks for through a narrow function
// app.ts hands in. This holds it for the table objects a module's files import from db/schema (tests
// left out: they build and check rows of any table). ARCHITECTURE.md's modules section lists the same.
const OWNED: Record<string, readonly string[]> = {
  // The accounts' tables (db/schema/users.ts) are shared by the two modules that make an account and log it in.
  users: ['users', 'authTokens'],
  auth: ['users', 'authTokens', 'passwordResetTokens', 'loginThrottle', 'knownLoginClients'],
  regulations: ['regulations', 'regulationAuthors', 'regulationKeywords', 'regulationLinks', 'regulationModifications', 'regulationSearchRemovals', 'regulationActions', 'expedienteCounters'],
  'day-orders': ['dayOrders', 'dayOrderItems'],
  subscriptions: ['subscriptions', 'alertEvents'],
  news: ['news'],
  banners: ['banners'],
  contact: ['contactImages'],
};

/**
 * Reads still left across a wall, each to be asked for instead: the registry names the staff who made a
 * norm's changes (its history, the concejal's own name) by joining the users table.
 */
const LEFT = new Set(['regulations/repository.ts imports users']);

const MODULES = fileURLToPath(new URL('../modules/', import.meta.url));
const SCHEMA_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*db\/schema(?:\/[\w-]+)?(?:\.js)?'/g;

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The table objects (values that are pgTables) a file imports from db/schema. */
function importedTables(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const names = [...text.matchAll(SCHEMA_IMPORT)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '))
      .map((name) => name.split(/\s+as\s+/)[0]!),
  );
  return names.filter((name) => isTable((schema as Record<string, unknown>)[name]));
}

function isTable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value;
}

describe('module tables', () => {
  it('lists every table of the schema under some module', () => {
    const tables = Object.entries(schema).filter(([, value]) => isTable(value)).map(([name]) => name);
    const owned = new Set(Object.values(OWNED).flat());
    expect(tables.filter((name) => !owned.has(name))).toEqual([]);
  });

  it('lets each module import only its own tables from db/schema', () => {
    const strays = fs
      .readdirSync(MODULES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) =>
        sourceFiles(path.join(MODULES, entry.name)).flatMap((file) =>
          importedTables(file)
            .filter((table) => !(OWNED[entry.name] ?? []).includes(table))
            .map((table) => `${path.relative(MODULES, file)} imports ${table}`),
        ),
      )
      .filter((stray) => !LEFT.has(stray));
    expect(strays).toEqual([]);
  });

  it('finds the tables a module imports (the check above reads real imports)', () => {
    expect(importedTables(path.join(MODULES, 'day-orders/repository.ts')).sort()).toEqual(['dayOrderItems', 'dayOrders']);
  });
});
