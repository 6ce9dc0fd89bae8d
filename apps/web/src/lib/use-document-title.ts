import { useEffect } from 'react';

const SITE_NAME = 'Concejo Deliberante';

/** "Normativas | Concejo Deliberante": the tab's name, the same from the server and in the browser. */
export function documentTitle(title: string): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}

/** Names the browser tab after the page, so that screen readers and tab lists tell pages apart. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
