import type { RegulationState, RegulationType } from '@concejo/contracts';
import type { Database } from '../db/client.js';
import { regulationAuthors, regulations } from '../db/schema/index.js';

interface RegulationFields {
  type: RegulationType;
  subject: string;
  createdAt: string | Date;
  state?: RegulationState;
  authors?: string[];
  number?: number;
}
type InsertedRegulation = { id: number; cargo: number; subject: string; type: RegulationType };

/** A regulation row written straight to the database (tests only: the agendas and the public search read them, they do not make them). */
export async function insertRegulation(db: Database, fields: RegulationFields): Promise<InsertedRegulation> {
  return (await insertRegulations(db, [fields]))[0]!;
}

/** Many regulation rows in one statement each for the rows and their authors (an agenda of hundreds of items). */
export async function insertRegulations(db: Database, many: readonly RegulationFields[]): Promise<InsertedRegulation[]> {
  if (!many.length) return [];
  const rows = await db
    .insert(regulations)
    .values(
      many.map((fields) => ({
        type: fields.type,
        demType: fields.type === 'dem-message' ? ('message' as const) : null,
        subject: fields.subject,
        state: fields.state ?? 'process',
        number: fields.number ?? null,
        authorType: fields.type === 'dem-message' ? ('DEM' as const) : fields.type === 'correspondence' ? ('particular' as const) : ('concejal' as const),
        createdAt: new Date(fields.createdAt),
      })),
    )
    .returning({ id: regulations.id, cargo: regulations.cargo })
    // The ids come from a sequence, drawn in the order of the VALUES.
    .then((inserted) => inserted.sort((a, b) => a.id - b.id));
  const authors = many.flatMap((fields, index) =>
    (fields.authors ?? (fields.type === 'dem-message' ? ['DEM'] : [])).map((name, position) => ({ regulationId: rows[index]!.id, position, name })),
  );
  if (authors.length) await db.insert(regulationAuthors).values(authors);
  return rows.map((row, index) => ({ id: row.id, cargo: row.cargo, subject: many[index]!.subject, type: many[index]!.type }));
}
