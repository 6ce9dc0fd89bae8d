import { SITE_PATHS } from '@concejo/contracts';
import type { ServerPage } from '../../server/server-page';

/** '/accesibilidad': the accessibility statement, a plain reading page. */
export const accessibilityServerPage: ServerPage = {
  reading: true,
  head: () => ({
    title: 'Declaración de accesibilidad',
    description: 'Cómo este sitio cumple la Ley 26.653 y las pautas WCAG 2.1 AA, cómo se comprobó, sus límites conocidos y cómo informar una barrera.',
    canonical: SITE_PATHS.accessibility,
  }),
};
