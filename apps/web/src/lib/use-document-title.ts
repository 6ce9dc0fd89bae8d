import { useEffect } from 'react';

const SITE_NAME = 'Concejo Deliberante';

/** Names the browser tab after the page, so that screen readers and tab lists tell pages apart. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
  }, [title]);
}
