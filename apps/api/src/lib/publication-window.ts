import { CONTENT_MESSAGES } from '@concejo/contracts';
import { toInstant } from './council-time.js';
import { ValidationFailed } from './errors.js';

export interface PublicationWindow {
  publicationDate: Date | null;
  unpublicationDate: Date | null;
}

/**
 * The window after a create or an edit: a field not sent keeps its value, an empty one clears it. A date
 * without an offset is a wall-clock time in the council's time zone. The end must come after the start.
 */
export function resolveWindow(
  input: { publication_date?: string | null; unpublication_date?: string | null },
  current: PublicationWindow,
  timeZone: string,
): PublicationWindow {
  const pick = (value: string | null | undefined, previous: Date | null) =>
    value === undefined ? previous : value === null ? null : toInstant(value, timeZone);
  const window = {
    publicationDate: pick(input.publication_date, current.publicationDate),
    unpublicationDate: pick(input.unpublication_date, current.unpublicationDate),
  };
  if (window.publicationDate && window.unpublicationDate && window.unpublicationDate <= window.publicationDate) {
    throw ValidationFailed.field('unpublication_date', CONTENT_MESSAGES.windowOrder);
  }
  return window;
}
