import { LEGAL_FORCE_LABELS, LEGAL_FORCES, PUBLIC_REGULATION_TYPES, REGULATION_TYPE_LABELS } from '@concejo/contracts';
import { Link } from 'react-router';
import { DateRangeFields } from '../../../components/form/date-range-fields';
import { useGetForm } from '../../../components/form/use-get-form';
import { paths } from '../../../lib/paths';
import { filterErrors, filtersOf } from '../filter-form';
import { FILTER_KEYS, NUMBER_MAX_LENGTH, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, writeFilterParams, type PublicRegulationFilters } from '../filters';

type Props = {
  filters: PublicRegulationFilters;
  /** In the staff app: put the filters in the address; the server-rendered page loads the address. */
  onApply?: (filters: PublicRegulationFilters) => void;
};

/**
 * N°, words, type, legal force (vigencia) and a from/to range, with Limpiar and Filtrar (spec 2.3): a GET form to /normativas
 * whose fields are named as the address's parameters, so it also searches without JavaScript.
 */
export function SearchFilters(props: Props) {
  // The address changed (back button, a shared link, Limpiar): the form starts again from what it now
  // says. Keyed by value, so that a re-render of the page does not wipe what the visitor is typing.
  return <FilterForm key={writeFilterParams(props.filters).toString()} {...props} />;
}

function FilterForm({ filters, onApply }: Props) {
  const form = useGetForm<keyof PublicRegulationFilters>({
    fields: FILTER_KEYS,
    checkName: 'regulations',
    check: filterErrors,
    onApply: onApply && ((values) => onApply(filtersOf(values))),
    idPrefix: 'public-regulations',
  });
  const { fieldProps, idOf } = form;
  const searchHint = `${idOf('search')}-hint`;

  return (
    <form {...form.formProps} action={paths.regulations.getHref()} className="row g-3 align-items-start">
      <div className="col-12 col-md-8 col-lg-6">
        <label className="form-label" htmlFor={idOf('search')}>
          Buscar
        </label>
        <input type="search" defaultValue={filters.search} minLength={SEARCH_MIN_LENGTH} maxLength={SEARCH_MAX_LENGTH} {...fieldProps('search', { hintId: searchHint })} />
        <div id={searchHint} className="form-text search-hint">
          Tema, palabras clave o texto del PDF; con o sin tildes.
        </div>
      </div>
      <div className="col-6 col-md-4 col-lg-2">
        <label className="form-label" htmlFor={idOf('numberSearch')}>
          N°
        </label>
        <input type="text" inputMode="numeric" pattern="[0-9]*" autoComplete="off" defaultValue={filters.numberSearch} maxLength={NUMBER_MAX_LENGTH} {...fieldProps('numberSearch')} />
      </div>
      <div className="col-6 col-md-4 col-lg-2">
        <label className="form-label" htmlFor={idOf('type')}>
          Tipo
        </label>
        <select defaultValue={filters.type} {...fieldProps('type', { className: 'form-select' })}>
          <option value="">Todos</option>
          {PUBLIC_REGULATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {REGULATION_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-md-4 col-lg-2">
        <label className="form-label" htmlFor={idOf('legal_force')}>
          Vigencia
        </label>
        <select defaultValue={filters.legal_force} {...fieldProps('legal_force', { className: 'form-select' })}>
          <option value="">Todas</option>
          {LEGAL_FORCES.map((force) => (
            <option key={force} value={force}>
              {LEGAL_FORCE_LABELS[force]}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-md-4 col-lg-2">
        <label className="form-label" htmlFor={idOf('estado')}>
          Estado
        </label>
        <select defaultValue={filters.estado} {...fieldProps('estado', { className: 'form-select' })}>
          <option value="">Sancionadas</option>
          <option value="en_tramite">En trámite</option>
        </select>
      </div>
      <DateRangeFields form={form} defaults={filters} columnClassName="col-6 col-md-4 col-lg-3" />
      <div className="col-12 col-lg-4 align-self-end d-flex gap-2 justify-content-lg-end">
        {/* The link leaves the address without filters; when it had none, only the form has to start again. */}
        <Link to={paths.regulations.getHref()} className="btn btn-outline-dark flex-fill flex-lg-grow-0 px-4" onClick={form.reset}>
          Limpiar
        </Link>
        <button type="submit" className="btn btn-primary flex-fill flex-lg-grow-0 px-4">
          Filtrar
        </button>
      </div>
    </form>
  );
}
