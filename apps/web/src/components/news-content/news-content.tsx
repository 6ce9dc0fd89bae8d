import { useLayoutEffect, useMemo, useRef } from 'react';
import { applyNewsColours, sanitizeNewsHtml } from './sanitize';

/**
 * A news description as the editor made it: lists, alignment, indent, colours, links, images.
 * `colours={false}` leaves the author's colours out: in the staff list's faded, smaller excerpt a
 * colour chosen for the page's full size and white background may no longer be readable.
 */
export function NewsContent({ html, colours = true }: { html: string; colours?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const clean = useMemo(() => sanitizeNewsHtml(html), [html]);
  useLayoutEffect(() => {
    if (ref.current && colours) applyNewsColours(ref.current);
  }, [clean, colours]);
  // The HTML passed the server's allow-list at write time and DOMPurify just now.
  return <div ref={ref} className="news-content" dangerouslySetInnerHTML={{ __html: clean }} />;
}
