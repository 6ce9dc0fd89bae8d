import { Link } from 'react-router';
import { DateRangeFields } from '../../../components/form/date-range-fields';
import { useGetForm } from '../../../components/form/use-get-form';
import { FILTER_KEYS, filterErrors, writePublicParams, type PublicDayOrderFilters } from '../filters';

type Props = {
  filters: PublicDayOrderFilters;
  /** In the staff app: put the filters in the address; a server-rendered page loads the address. */
  onApply?: (filters: PublicDayOrderFilters) => void;
  /** The list's own address (/ver-orden-dia, or the panel's list): where the form is sent and Limpiar goes. */
  action: string;
};

/**
 * From/to creation days with Limpiar and Filtrar (spec 2.3): a GET form whose fields are named as the
 * address's parameters, so it also filters without JavaScript.
 */
export function PublicFilters(props: Props) {
  // The address changed (back button, a link, Limpiar): the form starts again from what it now says.
  return <FilterForm key={writePublicParams(props.filters, 1).toString()} {...props} />;
}

function FilterForm({ filters, onApply, action }: Props) {
  const form = useGetForm({ fields: FILTER_KEYS, checkName: 'day-orders', check: filterErrors, onApply, idPrefix: 'day-orders' });

  return (
    <form {...form.formProps} action={action} className="row g-3 align-items-end">
      <DateRangeFields form={form} defaults={filters} columnClassName="col-12 col-sm-6 col-md-4" />
      <div className="col-12 col-md-4 d-flex gap-2">
        {/* The link leaves the address without filters; when it had none, only the form has to start again. */}
        <Link to={action} className="btn btn-outline-dark flex-fill" onClick={form.reset}>
          Limpiar
        </Link>
        <button type="submit" className="btn btn-primary flex-fill">
          Filtrar
        </button>
      </div>
    </form>
  );
}
