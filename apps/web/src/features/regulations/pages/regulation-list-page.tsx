import { REGULATION_MESSAGES, type StaffRegulationListItem } from '@concejo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useSearchParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { Loading } from '../../../components/loading';
import { isPastLastPage, Pager, pastLastPageText } from '../../../components/pager';
import { useToast } from '../../../components/toast/use-toast';
import { formatListTotal } from '../../../lib/list-total';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../lib/use-session';
import { useDeleteOldRegulation } from '../api/delete-old-regulation';
import { useRegulationList } from '../api/list-regulations';
import { REGULATIONS_QUERY_KEY } from '../api/regulation-paths';
import { ProfileAlert } from '../components/profile-alert';
import { RegulationFilters } from '../components/regulation-filters';
import { RegulationTable } from '../components/regulation-table';
import { readListParams, writeListParams, type RegulationFilters as Filters } from '../filters';
import { useDelayed } from '../../../lib/use-delayed';
import { useStaffContext } from '../use-staff-context';
import '../regulations.scss';

/** Spec 4: after a deletion the list reloads after 1 s. */
export const RELOAD_AFTER_DELETE_MS = 1000;

/** "Mostrando 16 - 30 de 42 normativas totales." */
export function listSummary(page: number, perPage: number, shown: number, total: number, capped = false): string {
  const first = shown === 0 ? 0 : (page - 1) * perPage + 1;
  const of = formatListTotal(total, capped);
  return `Mostrando ${first} - ${first === 0 ? 0 : first + shown - 1} de ${of} normativas totales.`;
}

/** The panel root of admin, asesor-concejal and ejecutivo: the staff regulation list (spec 2.5.1). */
export function RegulationListPage() {
  useDocumentTitle('Normativas');
  const staff = useStaffContext();
  const session = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const later = useDelayed();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = readListParams(searchParams);
  const list = useRegulationList(filters, page);
  const [toDelete, setToDelete] = useState<StaffRegulationListItem | null>(null);
  const remove = useDeleteOldRegulation();
  if (!staff) return null;

  const handleApply = (next: Filters) => setSearchParams(writeListParams(next, 1));
  const handlePage = (next: number) => {
    setSearchParams(writeListParams(filters, next));
    document.getElementById('regulations-results')?.focus();
  };

  const handleConfirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        toast.success(REGULATION_MESSAGES.deleted);
        later(() => void queryClient.invalidateQueries({ queryKey: [REGULATIONS_QUERY_KEY] }), RELOAD_AFTER_DELETE_MS);
      },
      onError: () => {
        setToDelete(null);
        toast.error('Error al eliminar la normativa.');
      },
    });
  };

  const data = list.data;
  return (
    <div className="regulation-list-page">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1 className="mb-0">Normativas</h1>
        <Link className="btn btn-primary" to={paths.panel.regulationCreate.getHref(staff.panel)}>
          Cargar normativa
        </Link>
      </div>
      {session && !session.emailVerified && <ProfileAlert panel={staff.panel} />}
      <section aria-label="Filtros" className="card shadow-sm mb-3">
        <div className="card-body">
          <RegulationFilters key={writeListParams(filters).toString()} filters={filters} onApply={handleApply} />
        </div>
      </section>

      <section id="regulations-results" tabIndex={-1} aria-labelledby="regulations-summary" aria-busy={list.isFetching} className="regulations-results">
        {list.isPending ? (
          <Loading text="Cargando normativas…" />
        ) : list.isError && !data ? (
          <Alert variant="danger">{REGULATION_MESSAGES.listError}</Alert>
        ) : data ? (
          <>
            <p id="regulations-summary" className="mb-2" aria-live="polite">
              {listSummary(data.current_page, data.per_page, data.data.length, data.total, data.total_capped)}
            </p>
            {list.isError && <Alert variant="danger">{REGULATION_MESSAGES.listError}</Alert>}
            {data.data.length === 0 ? (
              <p className="py-3">{isPastLastPage(data) ? pastLastPageText(data.current_page, data.last_page) : REGULATION_MESSAGES.noResults}</p>
            ) : (
              <RegulationTable rows={data.data} panel={staff.panel} onDelete={setToDelete} />
            )}
            <Pager currentPage={data.current_page} lastPage={data.last_page} onPageChange={handlePage} label="Paginación de normativas" />
          </>
        ) : null}
      </section>

      <ConfirmModal
        show={toDelete !== null}
        title="Eliminar normativa"
        message={REGULATION_MESSAGES.confirmDelete}
        confirmLabel="Eliminar"
        pending={remove.isPending}
        onConfirm={handleConfirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
