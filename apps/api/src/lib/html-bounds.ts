import { Parser } from 'htmlparser2';

/**
 * A linear look at HTML before anything expensive touches it. The parser under sanitize-html
 * (htmlparser2) keeps its open elements in an array it shifts and unshifts, so each tag costs as much
 * as the nesting depth: 12 MB of nested `<span>`s take minutes. Bounding the depth first keeps the
 * sanitiser linear. The depth is counted by the same parser, stopped as soon as it passes the limit:
 * up to there each tag costs it at most the limit, so the look is linear too, and it sees exactly the
 * elements the sanitiser will see (implied closes, raw text, SVG and MathML content, where htmlparser2
 * 12 reads a `<style>` or `<textarea>` as an element whose content holds tags). An imitation of the
 * parser kept beside it went wrong at the first version that changed those rules.
 */

/** Base64 payloads of data-URL images: cheap for the sanitiser (no tags, no entities), so not markup. */
const DATA_IMAGE_PAYLOAD = /data:image\/[a-z]{1,10};base64,[a-z0-9+/=\s]*/gi;

export interface HtmlShape {
  /** Most elements open at once, counted up to `maxDepth + 1` (the scan stops there). */
  depth: number;
  /** Characters outside data-URL image payloads: the text and tags the sanitiser's work grows with (not counted past the depth limit). */
  markupLength: number;
}

/** The parser, with its own list of void elements readable. */
class MeasuringParser extends Parser {
  isVoid(name: string): boolean {
    return this.isVoidElement(name);
  }
}

/** One pass over `html`; stops as soon as the nesting passes `maxDepth`. */
export function measureHtml(html: string, maxDepth: number): HtmlShape {
  let open = 0;
  let depth = 0;
  // The parser reports every element it opens and every one it closes (implied closes included); a void
  // element is reported opened and closed at once without ever being on its stack.
  const parser: MeasuringParser = new MeasuringParser(
    {
      onopentagname(name) {
        if (parser.isVoid(name)) return;
        open += 1;
        if (open > depth) depth = open;
        if (depth > maxDepth) parser.pause();
      },
      onclosetag(name) {
        if (!parser.isVoid(name)) open -= 1;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  if (depth > maxDepth) return { depth, markupLength: html.length };
  parser.end();

  let payload = 0;
  for (const match of html.matchAll(DATA_IMAGE_PAYLOAD)) payload += match[0].length;
  return { depth, markupLength: html.length - payload };
}
