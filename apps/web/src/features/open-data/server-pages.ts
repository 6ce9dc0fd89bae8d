import { SITE_PATHS } from '@concejo/contracts';
import type { ServerPage } from '../../server/server-page';

/** '/datos': the data dictionary of the open-data downloads, a plain reading page. */
export const openDataServerPage: ServerPage = {
  reading: true,
  head: () => ({
    title: 'Datos abiertos',
    description: 'Las descargas de normativas en CSV y JSON, con las columnas del recurso Normativa de datos.gob.ar, y los canales Atom: qué contiene cada columna.',
    canonical: SITE_PATHS.openData,
  }),
};
