import { useEffect } from 'react';

/**
 * Announces a feed to browsers and readers with <link rel="alternate"> while the page is open. Set
 * from here because the CSP allows no inline script and index.html is shared by every route.
 */
export function useFeedLink(href: string, title: string): void {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/atom+xml';
    link.title = title;
    link.href = href;
    document.head.appendChild(link);
    return () => link.remove();
  }, [href, title]);
}
