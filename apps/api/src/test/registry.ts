import type { Database } from '../db/client.js';
import { createRegulationRepository } from '../modules/regulations/repository.js';
import { createRegulationTextStore } from '../modules/regulations/text-repository.js';

/**
 * The registry's side of the public search, composed for tests as app.ts composes it: the norms the
 * search reads, and the search document the registry writes for a norm.
 */
export const registryNorms = (db: Database) => createRegulationRepository(db);

export const refreshSearchDocument = (db: Database, id: number) => createRegulationTextStore(db).refreshSearchDocument(db, id);
