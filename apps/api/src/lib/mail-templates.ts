import type { MailMessage } from './mail.js';

export interface Recipient {
  email: string;
  /** Empty for an address known by nothing else (a citizen's alert): the greeting then names no one. */
  name: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** The HTML shell every message shares: a white card on the council's paper colour, its name on top. */
export function mailDocument({ subject, councilName, body, width = 560 }: { subject: string; councilName: string; body: string; width?: number }): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f1ea;font-family:Arial,Helvetica,sans-serif;color:#212529">
<div style="max-width:${width}px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${escapeHtml(councilName)}</p>
${body}
</div>
</body>
</html>`;
}

/**
 * A message with one action: greeting, paragraphs, a button to the link (and the link spelled out,
 * for mail readers that block buttons), a closing note and the council's signature.
 */
export function actionMail(options: {
  to: Recipient;
  councilName: string;
  subject: string;
  paragraphs: string[];
  action: string;
  link: string;
  note: string;
}): MailMessage {
  const { to, councilName, subject, paragraphs, action, link, note } = options;
  // Every e-mail speaks as the public pages do (usted): an account's own mails reach citizens too.
  const linkHint = 'Si el botón no funciona, copie este enlace en su navegador:';
  const greeting = to.name ? `Hola, ${to.name}:` : 'Hola:';
  const text = [greeting, '', ...paragraphs.flatMap((line) => [line, '']), `${action}: ${link}`, '', note, '', '--', councilName].join('\n');
  const html = mailDocument({
    subject,
    councilName,
    body: `<p>${escapeHtml(greeting)}</p>
${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#7a5a1e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action)}</a></p>
<p style="font-size:14px">${escapeHtml(linkHint)}<br><a href="${escapeHtml(link)}" style="color:#5c4416;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:14px;color:#495057">${escapeHtml(note)}</p>
<p style="font-size:14px;color:#495057">${escapeHtml(councilName)}</p>`,
  });
  return { to: to.email, subject, text, html };
}

export function passwordResetMail(input: { to: Recipient; councilName: string; link: string; minutes: number }): MailMessage {
  return actionMail({
    to: input.to,
    councilName: input.councilName,
    subject: `Restablecer su contraseña | ${input.councilName}`,
    paragraphs: [
      `Recibimos un pedido para restablecer la contraseña de su cuenta en el sistema del ${input.councilName}.`,
      `El enlace vence en ${input.minutes} minutos y sirve una sola vez.`,
    ],
    action: 'Restablecer contraseña',
    link: input.link,
    note: 'Si no lo pidió, ignore este mensaje: su contraseña no cambia.',
  });
}

export function verificationMail(input: { to: Recipient; councilName: string; link: string; minutes: number }): MailMessage {
  return actionMail({
    to: input.to,
    councilName: input.councilName,
    subject: `Verifique su email | ${input.councilName}`,
    paragraphs: [
      `Para confirmar que este email es suyo y completar su perfil en el sistema del ${input.councilName}, abra el enlace de abajo.`,
      `El enlace vence en ${input.minutes} minutos.`,
    ],
    action: 'Verificar email',
    link: input.link,
    note: 'Si no pidió esta verificación, ignore este mensaje.',
  });
}
