import type { RegulationState, RegulationType } from '@concejo/contracts';
import type { Database } from '../../db/client.js';
import { regulationAuthors, regulations } from '../../db/schema/index.js';

/** A regulation row written straight to the database (tests only): the agenda reads them, it does not make them. */
export async function insertRegulation(
  db: Database,
  fields: { type: RegulationType; subject: string; createdAt: string | Date; state?: RegulationState; authors?: string[]; number?: number },
): Promise<{ id: number; cargo: number; subject: string; type: RegulationType }> {
  const [row] = await db
    .insert(regulations)
    .values({
      type: fields.type,
      demType: fields.type === 'dem-message' ? 'message' : null,
      subject: fields.subject,
      state: fields.state ?? 'process',
      number: fields.number ?? null,
      authorType: fields.type === 'dem-message' ? 'DEM' : fields.type === 'correspondence' ? 'particular' : 'concejal',
      createdAt: new Date(fields.createdAt),
    })
    .returning({ id: regulations.id, cargo: regulations.cargo });
  const authors = fields.authors ?? (fields.type === 'dem-message' ? ['DEM'] : []);
  if (authors.length) {
    await db.insert(regulationAuthors).values(authors.map((name, position) => ({ regulationId: row!.id, position, name })));
  }
  return { id: row!.id, cargo: row!.cargo, subject: fields.subject, type: fields.type };
}
