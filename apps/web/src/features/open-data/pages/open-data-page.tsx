import { API_BASE, DAY_ORDER_PATHS, NORMATIVA_COLUMNS, REGULATION_CSV_COLUMNS, REGULATION_JSON_FIELDS, REGULATION_PATHS, type OpenDataColumn } from '@concejo/contracts';
import { Fragment } from 'react';
import { paths } from '../../../lib/paths';

/** A column's name that a phone may break after each underscore (`fecha_<wbr>sancion`), not inside a word. */
function breakable(name: string) {
  return name.split('_').map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <>
          _<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}

/** A download's columns (or fields) with what each holds; long names break on a phone rather than widen the page. */
function Columns({ caption, columns }: { caption: string; columns: readonly OpenDataColumn[] }) {
  return (
    <table className="table table-sm caption-top open-data-columns">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Columna</th>
          <th scope="col">Qué contiene</th>
        </tr>
      </thead>
      <tbody>
        {columns.map((column) => (
          <tr key={column.name}>
            <th scope="row" className="text-break">
              <code>{breakable(column.name)}</code>
            </th>
            <td>{column.meaning}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /datos (DESIGN.md 9.2): every open-data download of the site and what each of its columns means,
 * the site's own and those of datos.gob.ar's Normativa resource. Linked from the footer and from the
 * downloads of the public search.
 */
export function OpenDataPage() {
  const csv = `${API_BASE}${REGULATION_PATHS.download('csv')}`;
  const json = `${API_BASE}${REGULATION_PATHS.download('json')}`;
  return (
    <article className="narrow-page mx-auto py-2 open-data-page">
      <h1 className="mb-3">Datos abiertos</h1>
      <p className="lead">
        Las normativas publicadas del Concejo se pueden descargar completas, para leerlas en una planilla o usarlas en otros sistemas.
        Las descargas son libres y no piden registrarse.
      </p>

      <section aria-labelledby="datos-normativas" className="mb-4">
        <h2 id="datos-normativas" className="h4">
          Normativas
        </h2>
        <ul>
          <li>
            <a href={csv}>normativas.csv</a>: una fila por norma, en UTF-8 con separador coma.
          </li>
          <li>
            <a href={json}>normativas.json</a>: las mismas normas como una lista de objetos.
          </li>
        </ul>
        <p>
          Ambas aceptan los filtros de la <a href={paths.regulations.getHref()}>búsqueda de normativas</a> (por ejemplo{' '}
          <code>?type=ordinance&amp;search=arbolado</code>); el botón «Descargar» de la búsqueda baja exactamente lo que se buscó.
          Después de las columnas del sitio, cada fila trae las del recurso <strong>Normativa</strong> de datos.gob.ar, para que
          se puedan cargar junto a otras normativas del país.
        </p>
        <Columns caption="Columnas del sitio (normativas.csv)" columns={REGULATION_CSV_COLUMNS} />
        <Columns caption="Columnas del recurso Normativa de datos.gob.ar (normativas.csv y normativas.json)" columns={NORMATIVA_COLUMNS} />
        <Columns caption="Campos propios de normativas.json" columns={REGULATION_JSON_FIELDS} />
      </section>

      <section aria-labelledby="datos-canales" className="mb-4">
        <h2 id="datos-canales" className="h4">
          Canales de novedades (Atom)
        </h2>
        <ul>
          <li>
            <a href={`${API_BASE}${REGULATION_PATHS.feed}`} type="application/atom+xml">
              Normas aprobadas
            </a>
            : las 50 más recientes, con su tema y su PDF.
          </li>
          <li>
            <a href={`${API_BASE}${DAY_ORDER_PATHS.feed}`} type="application/atom+xml">
              Órdenes del día
            </a>
            : las más recientes, con su PDF.
          </li>
        </ul>
      </section>
    </article>
  );
}
