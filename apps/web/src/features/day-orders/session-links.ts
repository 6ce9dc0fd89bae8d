import type { Panel } from '@concejo/contracts';

/**
 * Panels that have the resumen-sesion/:id page (spec 2.2): the ejecutivo panel lists the summaries but
 * has no detail page, so its list links to the PDFs only. app/pages.tsx is the source; a test
 * keeps the two in step.
 */
export const PANELS_WITH_SESSION_DETAIL: readonly Panel[] = ['/admin', '/asesor-concejal'];

export function hasSessionDetail(panel: Panel): boolean {
  return PANELS_WITH_SESSION_DETAIL.includes(panel);
}
