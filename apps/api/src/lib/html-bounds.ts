import { Tokenizer } from 'htmlparser2';

/**
 * A linear look at HTML before anything expensive touches it. The parser under sanitize-html
 * (htmlparser2) keeps its open elements in an array it shifts and unshifts, so each tag costs as much
 * as the nesting depth: 12 MB of nested `<span>`s take minutes. Bounding the depth first keeps the
 * sanitiser linear. The count uses htmlparser2's own tokenizer, so it sees exactly the tags the
 * parser will see; where it departs from the parser it only counts more (it knows fewer void elements
 * and fewer implied closes), so the real depth is never above it.
 */

/** Elements the parser never keeps open (a subset of its list: knowing fewer only counts more). */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Opening one of these closes an open `p`, as in the parser (its other implied closes are left out). */
const CLOSES_P = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section', 'table', 'ul',
]);

/** Base64 payloads of data-URL images: cheap for the sanitiser (no tags, no entities), so not markup. */
const DATA_IMAGE_PAYLOAD = /data:image\/[a-z]{1,10};base64,[a-z0-9+/=\s]*/gi;

export interface HtmlShape {
  /** Most elements open at once, counted up to `maxDepth + 1` (the scan stops there). */
  depth: number;
  /** Characters outside data-URL image payloads: the text and tags the sanitiser's work grows with (not counted past the depth limit). */
  markupLength: number;
}

/** One pass over `html`; stops as soon as the nesting passes `maxDepth`. */
export function measureHtml(html: string, maxDepth: number): HtmlShape {
  const open: string[] = [];
  let depth = 0;
  const nameAt = (start: number, end: number) => html.slice(start, end).toLowerCase();
  const ignore = () => {};
  const reach = (level: number) => {
    if (level > depth) depth = level;
    if (depth > maxDepth) tokenizer.pause();
  };
  const tokenizer: Tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: true },
    {
      onopentagname(start, end) {
        const name = nameAt(start, end);
        if (name === 'li' && open.at(-1) === 'li') open.pop();
        else if (CLOSES_P.has(name) && open.at(-1) === 'p') open.pop();
        if (!VOID_ELEMENTS.has(name)) reach(open.push(name));
      },
      onclosetag(start, end) {
        // Like the parser: a closing tag closes everything opened after its element; a stray one nothing,
        // except `</p>`, which the parser opens and closes at once.
        const name = nameAt(start, end);
        const index = open.lastIndexOf(name);
        if (index !== -1) open.length = index;
        else if (name === 'p') reach(open.length + 1);
      },
      onattribdata: ignore,
      onattribentity: ignore,
      onattribend: ignore,
      onattribname: ignore,
      oncdata: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onend: ignore,
      onopentagend: ignore,
      onprocessinginstruction: ignore,
      onselfclosingtag: ignore,
      ontext: ignore,
      ontextentity: ignore,
    },
  );
  tokenizer.write(html);
  if (depth > maxDepth) return { depth, markupLength: html.length };
  tokenizer.end();

  let payload = 0;
  for (const match of html.matchAll(DATA_IMAGE_PAYLOAD)) payload += match[0].length;
  return { depth, markupLength: html.length - payload };
}
