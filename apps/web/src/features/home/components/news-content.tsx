import { useLayoutEffect, useMemo, useRef } from 'react';
import { applyNewsColours, sanitizeNewsHtml } from '../sanitize';

/** A news description as the editor made it: lists, alignment, indent, colours, links, images. */
export function NewsContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const clean = useMemo(() => sanitizeNewsHtml(html), [html]);
  useLayoutEffect(() => {
    if (ref.current) applyNewsColours(ref.current);
  }, [clean]);
  // The HTML passed the server's allow-list at write time and DOMPurify just now.
  return <div ref={ref} className="news-content" dangerouslySetInnerHTML={{ __html: clean }} />;
}
