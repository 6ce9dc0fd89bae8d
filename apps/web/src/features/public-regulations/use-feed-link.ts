import { useEffect } from 'react';

/**
 * Announces a feed to browsers and readers with <link rel="alternate"> while the page is open. The
 * server writes it into a rendered page's head (server-pages.ts); after a client-side navigation the
 * page adds it here, and takes it away when it leaves, the server's copy too.
 */
export function useFeedLink(href: string, title: string): void {
  useEffect(() => {
    const rendered = document.head.querySelector<HTMLLinkElement>(`link[rel="alternate"][type="application/atom+xml"][href="${CSS.escape(href)}"]`);
    if (rendered) return () => rendered.remove();
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/atom+xml';
    link.title = title;
    link.href = href;
    document.head.appendChild(link);
    return () => link.remove();
  }, [href, title]);
}
