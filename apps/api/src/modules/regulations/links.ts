import { LINK_FIELDS, REGULATION_LINK_KINDS, REGULATION_MESSAGES, type CreateRegulationFields, type LinkedRegulationRef, type RegulationChanges, type RegulationLinkKind } from '@concejo/contracts';
import { ValidationFailed } from '../../lib/errors.js';

/**
 * Links between norms with their kind (DESIGN.md section 6): a payload names, per kind, the norms this
 * one links to (`repeals`) and those that link to it (`repealed_by`). A pair of norms has one kind.
 */

export interface Link {
  id: number;
  kind: RegulationLinkKind;
}

/** The norms this one links to (outgoing: it modifies, repeals... them) and those linking to it (incoming). */
export interface Links {
  outgoing: Link[];
  incoming: Link[];
}

type LinkFieldValues = Partial<Pick<CreateRegulationFields, (typeof LINK_FIELDS)[RegulationLinkKind]['outgoing' | 'incoming']>>;
type Side = 'outgoing' | 'incoming';

/** The links a registration sets, every kind's field read. 422 when a norm is named under two kinds on one side. */
export function linksOfFields(fields: LinkFieldValues): Links {
  return { outgoing: sideOf(fields, 'outgoing', []), incoming: sideOf(fields, 'incoming', []) };
}

/** Whether `changes` touches any link. */
export function changesLinks(changes: RegulationChanges): boolean {
  return REGULATION_LINK_KINDS.some((kind) => changes[LINK_FIELDS[kind].outgoing] !== undefined || changes[LINK_FIELDS[kind].incoming] !== undefined);
}

/**
 * The links after `changes`: on each side, the kinds whose field was sent are replaced and the others
 * kept; a side none of whose fields was sent is undefined (left as it is).
 */
export function linksAfterChanges(before: { modified: LinkedRegulationRef[]; modifying: LinkedRegulationRef[] }, changes: RegulationChanges): Partial<Links> {
  const after: Partial<Links> = {};
  for (const [side, current] of [['outgoing', before.modified], ['incoming', before.modifying]] as const) {
    const sent = REGULATION_LINK_KINDS.filter((kind) => changes[LINK_FIELDS[kind][side]] !== undefined);
    if (!sent.length) continue;
    const kept = current.filter((link) => !sent.includes(link.kind)).map(({ id, kind }) => ({ id, kind }));
    after[side] = sideOf(changes, side, kept);
  }
  return after;
}

/** One side's links: `kept` first, then each kind's field in kind order; a norm twice on the side is refused. */
function sideOf(fields: LinkFieldValues, side: Side, kept: Link[]): Link[] {
  const links = [...kept];
  const seen = new Set(kept.map((link) => link.id));
  for (const kind of REGULATION_LINK_KINDS) {
    const field = LINK_FIELDS[kind][side];
    for (const id of fields[field] ?? []) {
      if (seen.has(id)) throw ValidationFailed.field(field, REGULATION_MESSAGES.linkedInTwoKinds);
      seen.add(id);
      links.push({ id, kind });
    }
  }
  return links;
}
