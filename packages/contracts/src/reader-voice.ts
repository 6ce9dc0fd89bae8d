// The public pages and the citizens' e-mails address the reader as usted (es-AR, formal): never tú,
// never vos. Tests read every such text with informalForms; the staff screens keep their own voice.

/** Words that address the reader as tú or vos, as the alerts' texts once said them (and their kin). */
const INFORMAL_WORDS = [
  // Pronouns and possessives.
  'tu', 'tus', 'te', 'ti', 'contigo', 'vos',
  // Verbs as tú and as vos (voseo), the ones such texts use.
  'vas', 'puedes', 'podés', 'quieres', 'querés', 'tienes', 'tenés', 'sigues', 'seguís', 'pediste', 'pedís', 'recibirás', 'recibís',
  'confirma', 'confirmá', 'confírmala', 'ignora', 'ignorá', 'copia', 'copiá', 'abre', 'abrí', 'revisa', 'revisá', 'ingresa', 'ingresá',
  'elige', 'elegí', 'vuelve', 'volvé', 'inténtalo', 'intentalo', 'intentá', 'suscríbete', 'suscribite', 'suscribirte', 'darte', 'date',
  'olvidaste', 'probá', 'buscá', 'descargá', 'tuyo', 'tuya', 'escríbenos', 'escribinos',
];

const INFORMAL = new RegExp(`(?<!\\p{L})(${INFORMAL_WORDS.join('|')})(?!\\p{L})`, 'giu');

/**
 * The tú and vos forms in a text or an HTML document (its tags and links are not read); [] when it
 * speaks to the reader as usted.
 */
export function informalForms(text: string): string[] {
  // «se abre» (a link that opens a new tab) is no one's imperative.
  const words = text.replace(/<[^>]*>/g, ' ').replace(/https?:\/\/\S+/g, ' ').replace(/(?<!\p{L})se abre(?!\p{L})/giu, ' ');
  return [...words.matchAll(INFORMAL)].map((match) => match[0]);
}
