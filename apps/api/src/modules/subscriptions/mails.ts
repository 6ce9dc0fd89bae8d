import { INCOMING_LINK_KIND_LABELS, REGULATION_TYPE_LABELS, formatActionDay, projectName, SUBSCRIPTION_CONFIRM_HOURS, followedSearchText, SUBSCRIPTION_MESSAGES, type RegulationLinkKind, type RegulationType } from '@concejo/contracts';
import type { MailMessage } from '../../lib/mail.js';
import { quoteStrangerText } from '../../lib/mail-quote.js';
import { actionMail, escapeHtml, mailDocument } from '../../lib/mail-templates.js';
import type { Followed } from './repository.js';

/** A norm as an alert names it: "Ordenanza 2880", its subject, its page. */
export interface NamedRegulation {
  type: RegulationType;
  number: number | null;
  subject: string;
  /** A project in trámite is named by its expediente. */
  expediente?: string | null;
  url: string | null;
}

export function regulationName(regulation: Pick<NamedRegulation, 'type' | 'number' | 'expediente'>): string {
  if (regulation.number === null && regulation.expediente) return projectName({ type: regulation.type, expediente: regulation.expediente });
  return `${REGULATION_TYPE_LABELS[regulation.type]}${regulation.number === null ? '' : ` ${regulation.number}`}`;
}

/**
 * What a subscription follows, in words: "las nuevas normativas que coincidan con «camiones» (Ordenanza)".
 * The search was typed by whoever subscribed the address, perhaps not its owner: it is quoted on one
 * line, short and with no link left in it (quoteStrangerText), in the confirmation and in the digest.
 */
export function followedText(followed: Followed, regulation?: NamedRegulation): string {
  if (followed.kind === 'day-orders') return 'cada nueva orden del día de las sesiones';
  if (followed.kind === 'regulation') return regulation ? `los cambios de la ${regulationName(regulation)}: ${regulation.subject}` : 'los cambios de una norma';
  const search = followed.search === null ? '' : quoteStrangerText(followed.search);
  return followedSearchText({ search: search || undefined, type: followed.type ?? undefined, legal_force: followed.legalForce ?? undefined });
}

export function confirmationMail(input: { to: string; councilName: string; followed: string; link: string }): MailMessage {
  return actionMail({
    to: { email: input.to, name: '' },
    councilName: input.councilName,
    subject: `Confirme su suscripción | ${input.councilName}`,
    paragraphs: [
      `Usted pidió recibir por correo avisos del ${input.councilName} sobre ${input.followed}.`,
      `Para empezar a recibirlos, confirme la suscripción. El enlace vence en ${SUBSCRIPTION_CONFIRM_HOURS} horas.`,
      SUBSCRIPTION_MESSAGES.privacy,
    ],
    action: 'Confirmar suscripción',
    link: input.link,
    note: 'Si usted no lo pidió, ignore este mensaje: no le enviaremos nada.',
  });
}

/** One line of a digest: a norm (new, or changed by another) or an agenda. */
export type DigestItem =
  | { kind: 'new'; regulation: NamedRegulation }
  | { kind: 'linked'; regulation: NamedRegulation; by: NamedRegulation; link: RegulationLinkKind }
  | { kind: 'day-order'; session: string; url: string; pdf: boolean }
  | { kind: 'step'; regulation: NamedRegulation; step: string; date: string };

export interface DigestSection {
  followed: string;
  items: DigestItem[];
  /** Stops this subscription alone. */
  unsubscribeUrl: string;
}

function itemLines(item: DigestItem): { title: string; detail: string; url: string | null } {
  // The agenda itself, its PDF (said in the title: a mail reader opens it in another program).
  if (item.kind === 'day-order') return { title: `Orden del día: ${item.session}${item.pdf ? ' (PDF)' : ''}`, detail: '', url: item.url };
  if (item.kind === 'new') return { title: regulationName(item.regulation), detail: item.regulation.subject, url: item.regulation.url };
  if (item.kind === 'step') return { title: `${regulationName(item.regulation)}: ${item.step} (${formatActionDay(item.date)})`, detail: item.regulation.subject, url: item.regulation.url };
  return {
    title: `${regulationName(item.regulation)}: ${INCOMING_LINK_KIND_LABELS[item.link].toLowerCase()} la ${regulationName(item.by)}`,
    detail: `${item.regulation.subject} / ${item.by.subject}`,
    url: item.by.url ?? item.regulation.url,
  };
}

/**
 * The daily digest of one address: a section per subscription with something to tell, each with the
 * norms' names, subjects and pages (or the agenda) and a link to stop it; a link to stop them all
 * (also as List-Unsubscribe, one click: RFC 8058).
 */
export function digestMail(input: { to: string; councilName: string; sections: DigestSection[]; unsubscribeAllUrl: string; siteUrl: string }): MailMessage {
  const { to, councilName, sections, unsubscribeAllUrl, siteUrl } = input;
  const count = sections.reduce((total, section) => total + section.items.length, 0);
  const subject = `${count === 1 ? 'Una novedad' : `${count} novedades`} de lo que sigue | ${councilName}`;
  const text = [
    'Hola:',
    '',
    `Estas son las novedades del ${councilName} sobre lo que usted sigue.`,
    '',
    ...sections.flatMap((section) => [
      `Sobre ${section.followed}:`,
      ...section.items.flatMap((item) => {
        const line = itemLines(item);
        return [`- ${line.title}`, ...(line.detail ? [`  ${line.detail}`] : []), ...(line.url ? [`  ${line.url}`] : [])];
      }),
      `Dejar de seguir esto: ${section.unsubscribeUrl}`,
      '',
    ]),
    `Darme de baja de todos los avisos: ${unsubscribeAllUrl}`,
    '',
    SUBSCRIPTION_MESSAGES.privacy,
    '',
    '--',
    councilName,
    siteUrl,
  ].join('\n');
  const html = mailDocument({
    subject,
    councilName,
    width: 600,
    body: `<p>Hola:</p>
<p>Estas son las novedades del ${escapeHtml(councilName)} sobre lo que usted sigue.</p>
${sections
  .map(
    (section) => `<h2 style="font-size:16px;margin:24px 0 8px">Sobre ${escapeHtml(section.followed)}</h2>
<ul style="padding-left:20px">
${section.items
  .map((item) => {
    const line = itemLines(item);
    const title = line.url ? `<a href="${escapeHtml(line.url)}" style="color:#5c4416">${escapeHtml(line.title)}</a>` : escapeHtml(line.title);
    return `<li style="margin-bottom:8px">${title}${line.detail ? `<br><span style="color:#495057">${escapeHtml(line.detail)}</span>` : ''}</li>`;
  })
  .join('\n')}
</ul>
<p style="font-size:14px"><a href="${escapeHtml(section.unsubscribeUrl)}" style="color:#5c4416">Dejar de seguir esto</a></p>`,
  )
  .join('\n')}
<p style="font-size:14px;margin-top:24px"><a href="${escapeHtml(unsubscribeAllUrl)}" style="color:#5c4416">Darme de baja de todos los avisos</a></p>
<p style="font-size:13px;color:#495057">${escapeHtml(SUBSCRIPTION_MESSAGES.privacy)}</p>
<p style="font-size:14px;color:#495057">${escapeHtml(councilName)}<br><a href="${escapeHtml(siteUrl)}" style="color:#5c4416">${escapeHtml(siteUrl)}</a></p>`,
  });
  return { to, subject, text, html, headers: { 'List-Unsubscribe': `<${unsubscribeAllUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
