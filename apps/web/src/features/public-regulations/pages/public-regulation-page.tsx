import { formatActionDay, INCOMING_LINK_KIND_LABELS, LEGAL_FORCE_MESSAGES, REGULATION_LINK_KIND_LABELS, REGULATION_LINK_KINDS, REGULATION_MESSAGES, SITE_PATHS, type LegalForce, type PublishedLink, type PublishedRegulationDetail } from '@concejo/contracts';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { ShareButton } from '../../../components/share-button';
import { useCouncilDates } from '../../../components/site';
import { SubscribeBox } from '../../../components/subscribe-box';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { askedDayOf, FORCE_DAY_PARAM, publishedRegulationQueryOptions } from '../api/get-published-regulation';
import { LegalForceBadge } from '../../../components/legal-force-badge';
import { articleOf, ofRegulation, regulationName } from '../format';
import { normAddress } from '../norm-address';
import { NormPath } from '../components/norm-path';
import { FactList, PageCrumbs, PageMissing } from '../components/page-parts';

/** How each kind of link reads from the norm shown: it does it to others (outgoing), or others do it to it. */
const LINK_HEADINGS: Record<PublishedLink['direction'], Record<PublishedLink['kind'], string>> = {
  outgoing: Object.fromEntries(REGULATION_LINK_KINDS.map((kind) => [kind, `${REGULATION_LINK_KIND_LABELS[kind]} a`])) as Record<PublishedLink['kind'], string>,
  incoming: INCOMING_LINK_KIND_LABELS,
};
/** The order the groups are shown in: what changes this norm's force first. */
const LINK_ORDER: [PublishedLink['direction'], PublishedLink['kind']][] = (['incoming', 'outgoing'] as const).flatMap((direction) =>
  (['repeals', 'partially_repeals', 'suspends', 'modifies', 'extends', 'regulates'] as const).map((kind): [PublishedLink['direction'], PublishedLink['kind']] => [direction, kind]),
);

function NormLink({ link }: { link: PublishedLink }) {
  return (
    <li>
      <a href={SITE_PATHS.regulation(link.type, link.number)}>{regulationName(link)}</a>
      {link.legal_force !== 'in_force' && <LegalForceBadge legalForce={link.legal_force} type={link.type} className="ms-2" />}
      {link.until && <span className="ms-2 small">hasta el {formatActionDay(link.until)}</span>}
      {link.note && <span className="d-block small link-note">{link.note}</span>}
      {link.subject && <span className="d-block linked-subject">{link.subject}</span>}
    </li>
  );
}

/** The norms linked to this one, grouped by what they do to it or it does to them. */
function Links({ links }: { links: PublishedLink[] }) {
  const groups = LINK_ORDER.map(([direction, kind]) => ({ direction, kind, items: links.filter((link) => link.direction === direction && link.kind === kind) })).filter((group) => group.items.length > 0);
  return (
    <section aria-labelledby="norm-links" className="norm-section">
      <h2 id="norm-links" className="h5">
        Relación con otras normas
      </h2>
      {groups.length === 0 ? (
        <p className="text-body-secondary mb-0">No hay normas publicadas que la modifiquen, deroguen o reglamenten.</p>
      ) : (
        groups.map(({ direction, kind, items }) => (
          <div key={`${direction}-${kind}`} className="norm-link-group">
            <h3 className="h6 mb-1">{LINK_HEADINGS[direction][kind]}</h3>
            <ul className="list-unstyled mb-3">
              {items.map((link) => (
                <NormLink key={`${link.type}-${link.number}`} link={link} />
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}

/** What the notice at the top says of each force but in force, and which links did it. */
const NOTICES: Record<Exclude<LegalForce, 'in_force'>, { text: string; tone: 'danger' | 'warning'; by?: PublishedLink['kind'] }> = {
  repealed: { text: 'Esta norma fue derogada', tone: 'danger', by: 'repeals' },
  partially_repealed: { text: 'Esta norma fue derogada parcialmente', tone: 'warning', by: 'partially_repeals' },
  suspended: { text: 'Esta norma está suspendida', tone: 'warning', by: 'suspends' },
  lapsed: { text: 'Esta norma caducó', tone: 'warning' },
  void: { text: 'Esta norma fue declarada nula', tone: 'danger' },
};

/** At the top of a norm not in force: what happened to it and which norms did it, each a link (what a reader must see first). */
function ForceNotice({ norm }: { norm: PublishedRegulationDetail }) {
  if (norm.legal_force === 'in_force') return null;
  const notice = NOTICES[norm.legal_force];
  const by = notice.by ? norm.links.filter((link) => link.direction === 'incoming' && link.kind === notice.by) : [];
  const when = norm.legal_force === 'void' && norm.voided_on ? ` el ${formatActionDay(norm.voided_on)}` : norm.legal_force === 'lapsed' && norm.in_force_until ? ` (vigente hasta el ${formatActionDay(norm.in_force_until)})` : '';
  return (
    <div className={`alert alert-${notice.tone} repeal-notice`}>
      <strong>{notice.text}</strong>
      {when}
      {by.length > 0 && (
        <>
          {' por '}
          {by.map((link, index) => (
            <span key={`${link.type}-${link.number}`}>
              {index > 0 && (index === by.length - 1 ? ' y ' : ', ')}
              {articleOf(link)}{' '}
              <a href={SITE_PATHS.regulation(link.type, link.number)} className="alert-link">
                {regulationName(link)}
              </a>
              {link.until && ` hasta el ${formatActionDay(link.until)}`}
            </span>
          ))}
        </>
      )}
      .
    </div>
  );
}

/**
 * "¿Vigente al ...?" (DESIGN.md 9.2): a plain GET form (it works without JavaScript: the server renders
 * the page for the day asked) and, once asked, the norm's legal force that day.
 */
function ForceOnDay({ norm, asked, day }: { norm: PublishedRegulationDetail; asked: string; day: string }) {
  const invalid = asked !== '' && day === '';
  return (
    <section aria-labelledby="norm-force-on" className="norm-section" id="vigencia-al">
      <h2 id="norm-force-on" className="h5">
        ¿Vigente a una fecha?
      </h2>
      <form method="get" action="#vigencia-al" className="d-flex flex-wrap gap-2 align-items-end force-on-form">
        <div>
          <label htmlFor="vigente-al" className="form-label">
            Fecha
          </label>
          <input
            id="vigente-al"
            name={FORCE_DAY_PARAM}
            type="date"
            min="1850-01-01"
            max="2100-12-31"
            required
            className={`form-control${invalid ? ' is-invalid' : ''}`}
            defaultValue={day}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'vigente-al-error' : undefined}
          />
        </div>
        <button type="submit" className="btn btn-outline-primary">
          Consultar
        </button>
      </form>
      {invalid && (
        <p id="vigente-al-error" className="text-danger mt-2 mb-0">
          {LEGAL_FORCE_MESSAGES.inForceOn}
        </p>
      )}
      {norm.force_on && (
        <p className="mt-2 mb-0" role="status">
          <strong>Al {formatActionDay(norm.force_on.day)}</strong>
          {norm.force_on.legal_force === null ? (
            ', todavía no había entrado en vigencia.'
          ) : (
            <>
              {': '}
              <LegalForceBadge legalForce={norm.force_on.legal_force} type={norm.type} />
            </>
          )}
        </p>
      )}
    </section>
  );
}

function Facts({ norm }: { norm: PublishedRegulationDetail }) {
  const { formatDate } = useCouncilDates();
  const facts: [string, string][] = [['Fecha de creación', formatDate(norm.created_at)]];
  if (norm.approved_at) facts.push(['Fecha de aprobación', formatDate(norm.approved_at)]);
  if (norm.expediente) facts.push(['Expediente', norm.expediente]);
  if (norm.enacted_on) facts.push(['Sanción', formatActionDay(norm.enacted_on)]);
  if (norm.promulgated_on) facts.push(['Promulgación', formatActionDay(norm.promulgated_on)]);
  const publication = norm.actions.findLast((action) => action.kind === 'publicacion');
  if (norm.published_on) facts.push(['Boletín Oficial', [formatActionDay(norm.published_on), publication?.edition && `edición N° ${publication.edition}`, publication?.page && `página ${publication.page}`].filter(Boolean).join(', ')]);
  if (norm.in_force_from) facts.push(['Vigente desde', formatActionDay(norm.in_force_from)]);
  if (norm.authors.length) facts.push([norm.authors.length === 1 ? 'Autor' : 'Autores', norm.authors.map((author) => author.name).join(', ')]);
  if (norm.keywords.length) facts.push(['Palabras clave', norm.keywords.map((keyword) => keyword.word).join(', ')]);
  if (norm.is_old) facts.push(['Origen', 'Norma antigua, cargada desde el archivo']);
  return <FactList facts={facts} />;
}

function Pdf({ norm }: { norm: PublishedRegulationDetail }) {
  if (!norm.pdf_approved) return <p className="text-body-secondary">Esta norma no tiene PDF publicado.</p>;
  const name = regulationName(norm);
  return (
    <div className="d-flex flex-wrap gap-2 norm-pdf">
      <a href={norm.pdf_approved} className="btn btn-primary" target="_blank" rel="noopener">
        Abrir el PDF<span className="visually-hidden"> {ofRegulation(norm)} (se abre en una pestaña nueva)</span>
      </a>
      <a href={norm.pdf_approved} className="btn btn-outline-primary" download={`${name.replace(/[^\p{L}\p{N}]+/gu, '-')}.pdf`}>
        Descargar el PDF<span className="visually-hidden"> {ofRegulation(norm)}</span>
      </a>
    </div>
  );
}

/**
 * /normativas/{tipo}/{número} (DESIGN.md section 5): one public norm, rendered on the server; its
 * legal force first, then what it is, its PDF, the norms linked to it and the start of its text.
 */
export function PublicRegulationPage() {
  const { tipo = '', numero = '' } = useParams();
  const [params] = useSearchParams();
  const { asked, day } = askedDayOf(params);
  const address = normAddress(tipo, numero);
  const fetched = useQuery({ ...publishedRegulationQueryOptions(address?.type ?? 'ordinance', address?.number ?? 0, day), enabled: address !== undefined });
  const norm = fetched.data;

  if (!norm) {
    const missing = !address || (fetched.error instanceof ApiError && fetched.error.status === 404);
    return <PageMissing message={missing ? REGULATION_MESSAGES.publishedNotFound : REGULATION_MESSAGES.detailError} href={paths.regulations.getHref()} label="Buscar normativas" />;
  }

  const name = regulationName(norm);
  return (
    <article className="regulation-page">
      <PageCrumbs parent={{ href: paths.regulations.getHref(), label: 'Normativas' }} current={name} />
      <header className="mb-3">
        <h1 className="mb-2">{name}</h1>
        <p className="mb-2">
          <span className="visually-hidden">Vigencia: </span>
          <LegalForceBadge legalForce={norm.legal_force} type={norm.type} className="fs-6" />
        </p>
        {norm.subject && <p className="lead norm-subject">{norm.subject}</p>}
      </header>
      <ForceNotice norm={norm} />
      <Facts norm={norm} />
      <Pdf norm={norm} />
      <Links links={norm.links} />
      <ForceOnDay norm={norm} asked={asked} day={day} />
      <NormPath actions={norm.actions} />
      {norm.text_start && (
        <section aria-labelledby="norm-text" className="norm-section">
          <h2 id="norm-text" className="h5">
            Comienzo del texto
          </h2>
          <blockquote className="norm-text mb-2">{norm.text_start}</blockquote>
          {norm.text_recognized && <p className="small norm-ocr">El PDF es una imagen escaneada: su texto se reconoció automáticamente y puede contener errores.</p>}
        </section>
      )}
      <p className="alert alert-light border official-notice mt-4">El texto oficial de esta norma es el publicado en el Boletín Oficial.</p>
      <div className="d-flex flex-wrap gap-2">
        <a href={paths.regulations.getHref()} className="btn btn-outline-primary" data-enhance="back">
          Volver
        </a>
        <ShareButton title={name} />
      </div>
      <SubscribeBox id="norm-alert" title="Avisarme si esta norma cambia" followed={`los cambios de la ${name} (si se modifica, se deroga o se reglamenta)`} request={{ kind: 'regulation', regulation_id: norm.id }} />
    </article>
  );
}
