/**
 * The open-data downloads' columns and what each one holds (DESIGN.md 9.2): the API writes them in this
 * order (modules/public-search/open-data.ts) and the site's /datos page explains them from here, so the
 * two cannot drift apart.
 */
export interface OpenDataColumn<Name extends string = string> {
  name: Name;
  meaning: string;
}

const column = <const Name extends string>(name: Name, meaning: string): OpenDataColumn<Name> => ({ name, meaning });

/** The site's own columns of normativas.csv, as the spec's list shows a norm. */
export const REGULATION_CSV_COLUMNS = [
  column('Tipo', 'Tipo de norma: Ordenanza, Resolución, Decreto, Declaración o Comunicación.'),
  column('N°', 'Número oficial de la norma.'),
  column('Tema', 'De qué trata la norma, como la registró el Concejo.'),
  column('Palabras clave', 'Palabras clave separadas por punto y coma.'),
  column('Fecha de creación', 'Día en que se registró (AAAA-MM-DD, hora del Concejo); para una norma antigua, la fecha con que se cargó.'),
  column('PDF', 'Dirección del PDF del texto aprobado, si está publicado.'),
  column('Vigencia', 'Vigente, derogada o derogada parcialmente, según las normas publicadas que la modifican o derogan.'),
] as const;

/** datos.gob.ar's *Normativa* resource, after the site's own columns in the CSV and beside its fields in the JSON. */
export const NORMATIVA_COLUMNS = [
  column('norma_tipo', 'Tipo de norma (igual que «Tipo»).'),
  column('numero', 'Número oficial de la norma.'),
  column('nombre', 'Nombre con que se cita: tipo y número («Ordenanza N° 2847»).'),
  column('organismo_origen', 'Organismo que la dictó: el Concejo Deliberante.'),
  column('fecha_sancion', 'Día de la sanción (AAAA-MM-DD), según su trámite; vacío si no se registró.'),
  column('fecha_boletin', 'Día de su publicación en el Boletín Oficial (AAAA-MM-DD); vacío si no se registró.'),
  column('numero_boletin', 'Número de edición del Boletín Oficial que la publicó.'),
  column('pagina_boletin', 'Página del Boletín Oficial donde empieza.'),
  column('texto_resumido', 'Resumen de la norma (su tema).'),
  column('observaciones', 'Su vigencia hoy: vigente, derogada o derogada parcialmente.'),
  column('url_original', 'Dirección del PDF del texto aprobado.'),
  column('url_texto_actual', 'Dirección de la página de la norma en este sitio, con las normas que la modifican.'),
  column('modificada_por', 'Normas publicadas que la modifican, derogan o reglamentan, separadas por punto y coma.'),
  column('modifica_a', 'Normas publicadas que ella modifica, deroga o reglamenta, separadas por punto y coma.'),
  column('region', 'Localidad y provincia del Concejo.'),
] as const;

export type NormativaColumn = (typeof NORMATIVA_COLUMNS)[number]['name'];

/** The fields of normativas.json besides the Normativa columns. */
export const REGULATION_JSON_FIELDS = [
  column('id', 'Identificador de la norma en este sitio.'),
  column('type', 'Tipo, en inglés: ordinance, resolution, decree, declaration, communication.'),
  column('number', 'Número oficial.'),
  column('subject', 'Tema.'),
  column('keywords', 'Palabras clave, cada una como { "word": ... }.'),
  column('created_at', 'Fecha y hora de registro (ISO 8601, UTC).'),
  column('pdf_approved', 'Dirección del PDF del texto aprobado, o null.'),
  column('legal_force', 'Vigencia al día de la descarga: in_force (vigente), partially_repealed (derogada parcialmente), repealed (derogada), suspended (suspendida), lapsed (caduca) o void (declarada nula).'),
  column('expediente', 'Número de expediente, {número}-{C|D|P}-{año}; null para las normas registradas antes de que existiera.'),
  column('enacted_on', 'Día de la sanción, o null.'),
  column('promulgated_on', 'Día de la promulgación, o null.'),
  column('published_on', 'Día de la publicación en el Boletín Oficial, o null.'),
  column('in_force_from', 'Día desde el que rige: el de su publicación, salvo que esta indique otro; null si no se registró.'),
] as const;
