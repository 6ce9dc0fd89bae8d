import type { AlertEvent } from '../../lib/alert-outbox.js';
import type { Link } from './links.js';

/**
 * What a save tells citizens' alerts (modules/subscriptions): a norm that became public (its digest
 * also tells the followers of every norm it links to), and each link made or changed in kind since:
 * from a norm already public to another, or from another norm to this one (the digest tells it only
 * once the linking norm is public). `after` undefined: that side's links were not touched.
 */
export function alertEventsOfSave(save: {
  id: number;
  wasPublic: boolean;
  isPublic: boolean;
  outgoing: { before: Link[]; after: Link[] | undefined };
  incoming: { before: Link[]; after: Link[] | undefined };
}): AlertEvent[] {
  const added = ({ before, after }: { before: Link[]; after: Link[] | undefined }) =>
    (after ?? []).filter((link) => !before.some((old) => old.id === link.id && old.kind === link.kind));
  const events: AlertEvent[] = [];
  if (save.isPublic && !save.wasPublic) events.push({ kind: 'regulation-published', regulationId: save.id });
  if (save.isPublic && save.wasPublic) {
    for (const link of added(save.outgoing)) events.push({ kind: 'regulation-linked', regulationId: link.id, byRegulationId: save.id });
  }
  for (const link of added(save.incoming)) events.push({ kind: 'regulation-linked', regulationId: save.id, byRegulationId: link.id });
  return events;
}
