/** How much of a stranger's text an e-mail quotes: enough to recognise one's own search, too little for a message. */
export const QUOTE_MAX_LENGTH = 60;
/** What stands where a link or a domain was. */
export const OMITTED_LINK = '[enlace omitido]';

// Anything a mail reader could turn into a link: a scheme (http://, ftp://), www., a domain or an
// e-mail address (a label, a dot, two letters or more: `pago.com`, `a@b.com.ar`; a false positive
// such as `Av.Colón` only loses a word), an IPv4 address. Dots include the ideographic full stop,
// which browsers read as a dot in a host name.
const LINK_LIKE = [/\p{L}[\p{L}\p{N}+.-]*:\/\//u, /www\d{0,3}[.\u3002]/iu, /[\p{L}\p{N}_-][.\u3002]\p{L}{2,}/u, /\d{1,3}(?:[.\u3002]\d{1,3}){3}/u];

/**
 * A text someone else typed (a followed search), fit to be quoted in the council's e-mails, which go to
 * any address: on one line (line breaks, tabs and control characters become spaces, invisible format
 * characters such as bidi overrides go), without anything a mail reader would make clickable (each
 * word that looks like a link or a domain becomes «[enlace omitido]»), and at most 60 characters long
 * (with an ellipsis). So the council's name cannot carry a stranger's message or link (issue 33).
 */
export function quoteStrangerText(text: string, maxLength = QUOTE_MAX_LENGTH): string {
  const words = text
    // Full-width and other compatibility forms become the plain characters a link detector knows.
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim()
    .split(' ')
    .map((word) => (LINK_LIKE.some((pattern) => pattern.test(word)) ? OMITTED_LINK : word));
  const characters = [...words.filter((word, index) => word !== OMITTED_LINK || words[index - 1] !== OMITTED_LINK).join(' ')];
  if (characters.length <= maxLength) return characters.join('');
  return `${characters.slice(0, maxLength - 1).join('').trimEnd()}…`;
}
