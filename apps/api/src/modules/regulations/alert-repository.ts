import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { LegalForce, PublicRegulationType, RegulationActionKind, RegulationLinkKind, RegulationType } from '@concejo/contracts';
import type { Database } from '../../db/client.js';
import { regulationActions, regulationLinks, regulations } from '../../db/schema/index.js';
import { publicNorm, publicNormAs, publicProject } from '../../lib/public-norm.js';

/** A search a subscription follows, as the public search stored it: its query, type and legal force. */
export interface SearchFilter {
  searchQuery: string | null;
  type: PublicRegulationType | null;
  legalForce: LegalForce | null;
}

/**
 * The registry's reads citizens' alerts need (modules/subscriptions asks them through app.ts, and
 * reads none of these tables itself).
 */
export function createRegulationAlertReads(db: Database) {
  return {
    /** Of these steps, those that still exist on a norm public now, with their norm, kind and day. */
    async publicSteps(actionIds: number[]): Promise<{ actionId: number; regulationId: number; kind: RegulationActionKind; date: string }[]> {
      if (!actionIds.length) return [];
      return db
        .select({ actionId: regulationActions.id, regulationId: regulationActions.regulationId, kind: regulationActions.kind, date: regulationActions.date })
        .from(regulationActions)
        .innerJoin(regulations, eq(regulations.id, regulationActions.regulationId))
        .where(and(inArray(regulationActions.id, [...new Set(actionIds)]), or(publicNorm(), publicProject())));
    },

    /** Whether this public norm exists: a subscription to a norm needs one. */
    async isPublic(id: number): Promise<boolean> {
      const [row] = await db.select({ id: regulations.id }).from(regulations).where(and(eq(regulations.id, id), or(publicNorm(), publicProject())));
      return row !== undefined;
    },

    /** The type, number and subject of each norm, by id; a deleted one absent. */
    async named(ids: number[]): Promise<{ id: number; type: RegulationType; number: number | null; subject: string; expediente: string | null }[]> {
      if (!ids.length) return [];
      return db
        .select({ id: regulations.id, type: regulations.type, number: regulations.number, subject: regulations.subject, expediente: regulations.expediente })
        .from(regulations)
        .where(inArray(regulations.id, [...new Set(ids)]));
    },

    /** The kind of each (modified, modifier) link, as it is now; a link undone absent. */
    async linkKinds(pairs: (readonly [number, number])[]): Promise<{ modifiedId: number; modifierId: number; kind: RegulationLinkKind }[]> {
      if (!pairs.length) return [];
      return db
        .select({ modifiedId: regulationLinks.modifiedId, modifierId: regulationLinks.modifierId, kind: regulationLinks.kind })
        .from(regulationLinks)
        .where(sql`(${regulationLinks.modifiedId}, ${regulationLinks.modifierId}) in (select * from unnest(${sql.param(pairs.map(([modified]) => modified))}::int[], ${sql.param(pairs.map(([, modifier]) => modifier))}::int[]))`);
    },

    /**
     * Which of these norms, public now, meet which of these searches (by its index in `filters`): the
     * search's own query on the norm's search document (PDF text included), its type and legal force.
     */
    async meetingSearches(ids: number[], filters: SearchFilter[]): Promise<{ regulationId: number; filter: number }[]> {
      if (!ids.length || !filters.length) return [];
      const { rows } = await db.execute<{ regulation_id: number; filter: number }>(sql`
        select r.id as regulation_id, (f.ordinality - 1)::int as filter
        from ${regulations} r
        cross join unnest(${sql.param(filters.map((f) => f.searchQuery))}::tsquery[], ${sql.param(filters.map((f) => f.type))}::regulation_type[], ${sql.param(filters.map((f) => f.legalForce))}::legal_force[])
          with ordinality as f(search_query, type, legal_force, ordinality)
        where r.id = any(${sql.param(ids)}::int[]) and ${publicNormAs('r')}
          and (f.type is null or f.type = r.type)
          and (f.legal_force is null or f.legal_force = r.legal_force)
          and (f.search_query is null or r.search_document @@ f.search_query)`);
      return rows.map((row) => ({ regulationId: row.regulation_id, filter: row.filter }));
    },

    /** The links made from these norms (to the norms they modify, repeal or regulate). */
    async linksFrom(modifierIds: number[]): Promise<{ modifiedId: number; modifierId: number }[]> {
      if (!modifierIds.length) return [];
      return db
        .select({ modifiedId: regulationLinks.modifiedId, modifierId: regulationLinks.modifierId })
        .from(regulationLinks)
        .where(inArray(regulationLinks.modifierId, [...new Set(modifierIds)]));
    },

    /** Of these (modified, modifier) pairs, those still linked whose modifying norm is public now. */
    async publicLinks(pairs: (readonly [number, number])[]): Promise<{ modifiedId: number; modifierId: number }[]> {
      if (!pairs.length) return [];
      const { rows } = await db.execute<{ modified_id: number; modifier_id: number }>(sql`
        select l.modified_id, l.modifier_id from ${regulationLinks} l
        join ${regulations} r on r.id = l.modifier_id and ${publicNormAs('r')}
        where (l.modified_id, l.modifier_id) in (select * from unnest(${sql.param(pairs.map(([modified]) => modified))}::int[], ${sql.param(pairs.map(([, modifier]) => modifier))}::int[]))`);
      return rows.map((row) => ({ modifiedId: row.modified_id, modifierId: row.modifier_id }));
    },
  };
}

export type RegulationAlertReads = ReturnType<typeof createRegulationAlertReads>;
