import { formatSessionDate, SESSION_TYPE_LABELS, stripControlCharacters, type SessionType } from '@concejo/contracts';
import { atomDocument, atomId } from '../../lib/atom.js';

/** An agenda as the feeds tell it: its session, when it was published and its PDF (absolute). */
export interface FeedAgenda {
  id: number;
  sessionType: SessionType;
  sessionDate: Date;
  createdAt: Date;
  pdfUrl: string | null;
}

interface FeedSite {
  councilName: string;
  /** The town, for the calendar's location: "Villa del Parque, Buenos Aires". */
  place: string;
  publicUrl: string;
  timeZone: string;
}

/** "Sesión Ordinaria, Martes, 10 de marzo de 2026, 19:00 h": an agenda's session, as the alerts and feeds name it. */
export function agendaTitle(agenda: Pick<FeedAgenda, 'sessionType' | 'sessionDate'>, timeZone: string): string {
  return `${SESSION_TYPE_LABELS[agenda.sessionType]}, ${formatSessionDate(agenda.sessionDate, timeZone)}`;
}

/** An Atom 1.0 feed of the newest agendas (linked from /ver-orden-dia): each entry links its PDF. */
export function agendasAtom(site: FeedSite, selfUrl: string, agendas: FeedAgenda[], now: Date): string {
  const listUrl = `${site.publicUrl}/ver-orden-dia`;
  return atomDocument({
    title: `${site.councilName}: órdenes del día`,
    id: atomId(site.publicUrl, 'day-orders'),
    selfUrl,
    alternateUrl: listUrl,
    updated: agendas[0]?.createdAt ?? now,
    author: site.councilName,
    entries: agendas.map((agenda) => {
      const title = agendaTitle(agenda, site.timeZone);
      return {
        title: `Orden del día: ${title}`,
        id: atomId(site.publicUrl, `day-order:${agenda.id}`),
        updated: agenda.createdAt,
        published: agenda.createdAt,
        links: [
          ...(agenda.pdfUrl ? [{ rel: 'alternate' as const, type: 'application/pdf', href: agenda.pdfUrl }] : []),
          { rel: 'related' as const, type: 'text/html', href: listUrl },
        ],
        summary: `Orden del día de la ${title}, publicada por el ${site.councilName}.`,
      };
    }),
  });
}

/** RFC 5545 (3.3.11) TEXT: control characters dropped; backslash, semicolon and comma escaped; line breaks as \n. */
function icsText(value: string): string {
  return stripControlCharacters(value.replace(/\r\n?|\n/g, '\n'))
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, '\\n');
}

/** An instant in UTC, as RFC 5545 writes it: 20261127T220000Z. */
const icsTime = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** RFC 5545 (3.1): lines of at most 75 octets, continued after CRLF and one space, never inside a character. */
function folded(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * How long a session's event lasts in a calendar. The council publishes when a session starts, not when
 * it ends; but an event with neither DTEND nor DURATION ends when it starts (RFC 5545, 3.6.1), and
 * calendars draw it as a thin line or not at all. Three hours is an ordinary session's usual length.
 */
export const SESSION_DURATION = 'PT3H';

/**
 * An iCalendar (RFC 5545) of the sessions whose agendas are published: each an event at its date and
 * time (in UTC; calendars show it in the reader's zone) lasting SESSION_DURATION, named by its type,
 * with the agenda's PDF.
 */
export function agendasCalendar(site: FeedSite, agendas: FeedAgenda[]): string {
  const host = new URL(site.publicUrl).host;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(site.councilName)}//Ordenes del dia//ES`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(`${site.councilName}: sesiones`)}`,
    `X-WR-TIMEZONE:${site.timeZone}`,
    ...agendas.flatMap((agenda) => [
      'BEGIN:VEVENT',
      `UID:day-order-${agenda.id}@${host}`,
      `DTSTAMP:${icsTime(agenda.createdAt)}`,
      `DTSTART:${icsTime(agenda.sessionDate)}`,
      `DURATION:${SESSION_DURATION}`,
      `SUMMARY:${icsText(`${SESSION_TYPE_LABELS[agenda.sessionType]} del ${site.councilName}`)}`,
      `DESCRIPTION:${icsText(agenda.pdfUrl ? `Orden del día: ${agenda.pdfUrl}` : `Órdenes del día: ${site.publicUrl}/ver-orden-dia`)}`,
      `LOCATION:${icsText(`${site.councilName}, ${site.place}`)}`,
      `URL:${agenda.pdfUrl ?? `${site.publicUrl}/ver-orden-dia`}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(folded).join('\r\n')}\r\n`;
}
