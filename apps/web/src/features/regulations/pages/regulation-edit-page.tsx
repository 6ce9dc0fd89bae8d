import { MESSAGES, REGULATION_MESSAGES, type RegulationDetail, type Role } from '@concejo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { regulationQueryOptions, useRegulation } from '../api/get-regulation';
import { useUpdateRegulation } from '../api/update-regulation';
import { FormAlert, type FormOutcome } from '../../../components/form/form-alert';
import { useCouncilDates } from '../../../components/site';
import { RegulationFields } from '../components/regulation-fields';
import { regulationName } from '../format';
import { buildChanges, hasPendingFiles, toUpdateFormData, valuesFromDetail } from '../form-rules';
import { useRegulationForm } from '../use-regulation-form';
import { useDelayed } from '../../../lib/use-delayed';
import { useStaffContext } from '../use-staff-context';
import { RELOAD_AFTER_SAVE_MS } from './regulation-create-page';
import '../regulations.scss';

type EditFormProps = {
  detail: RegulationDetail;
  role: Role;
  ownName: string;
  onOutcome: (outcome: FormOutcome) => void;
  onReload: () => void;
};

function EditRegulationForm({ detail, role, ownName, onOutcome, onReload }: EditFormProps) {
  const dates = useCouncilDates();
  const initial = useMemo(() => valuesFromDetail(detail, dates), [detail, dates]);
  const regulation = useRegulationForm({ role, mode: 'update', ownName, initial, detail });
  const { form, values, layout } = regulation;
  const [saved, setSaved] = useState(false);
  const update = useUpdateRegulation();
  const later = useDelayed();

  const save = () => {
    const changes = buildChanges(values, detail, layout);
    if (Object.keys(changes).length === 0 && !hasPendingFiles(values)) {
      onOutcome({ variant: 'danger', messages: ['No hay cambios para guardar.'] });
      return;
    }
    update.mutate(
      { id: detail.id, form: toUpdateFormData(values, changes, detail.version) },
      {
        onSuccess: () => {
          setSaved(true);
          onOutcome({ variant: 'success', messages: [REGULATION_MESSAGES.modified] });
          later(onReload, RELOAD_AFTER_SAVE_MS);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            onOutcome({ variant: 'danger', messages: [error.message || MESSAGES.conflict], action: { label: 'Recargar la normativa', onClick: onReload } });
            return;
          }
          onOutcome({ variant: 'danger', messages: regulation.showServerErrors(error) });
        },
      },
    );
  };
  const handleSubmit = form.handleSubmit(save, (found) => onOutcome({ variant: 'danger', messages: regulation.messagesOf(found) }));

  const busy = update.isPending || saved;
  return (
    <Form noValidate onSubmit={handleSubmit} aria-labelledby="regulation-edit-title">
      <RegulationFields
        mode="update"
        role={role}
        ownName={ownName}
        values={values}
        onChange={regulation.onChange}
        layout={layout}
        errors={regulation.errors}
        onPickFile={regulation.onPickFile}
        stored={{ pdf_process: detail.pdf_process, pdf_approved: detail.pdf_approved }}
        regulationId={detail.id}
        disabled={busy}
      />
      <Button type="submit" variant="primary" disabled={busy}>
        {update.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Guardar cambios
      </Button>
    </Form>
  );
}

/** modificar-normativa/:id: edits a regulation, sending only what changed and the version loaded (spec 2.5.4). */
export function RegulationEditPage() {
  useDocumentTitle('Modificar normativa');
  const staff = useStaffContext();
  const id = Number(useParams().id);
  const regulation = useRegulation(id);
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [focusKey, setFocusKey] = useState(0);
  const [formKey, setFormKey] = useState(0);
  if (!staff) return null;

  const handleOutcome = (next: FormOutcome) => {
    setOutcome(next);
    setFocusKey((key) => key + 1);
  };

  // The "reload" of spec 4: fresh data (new version, new signed PDF links) and a form built from it.
  const handleReload = async () => {
    await queryClient.invalidateQueries({ queryKey: regulationQueryOptions(id).queryKey });
    setOutcome((current) => (current?.variant === 'success' ? current : null));
    setFormKey((key) => key + 1);
  };

  const notFound = regulation.error instanceof ApiError && regulation.error.status === 404;
  const detail = regulation.data;
  return (
    <div className="regulation-form-page">
      <h1 id="regulation-edit-title" className="mb-3">
        Modificar normativa{detail ? `: ${regulationName(detail)}` : ''}
      </h1>
      {!Number.isInteger(id) || id <= 0 || notFound ? (
        <Alert variant="warning">{REGULATION_MESSAGES.noData}</Alert>
      ) : regulation.isPending ? (
        <Loading text="Cargando normativa…" />
      ) : regulation.isError ? (
        <Alert variant="danger">{REGULATION_MESSAGES.detailError}</Alert>
      ) : detail && !detail.can.update ? (
        <Alert variant="warning">{MESSAGES.forbidden}</Alert>
      ) : detail ? (
        <>
          <FormAlert outcome={outcome} focusKey={focusKey} />
          <Card className="shadow-sm mb-3">
            <Card.Body>
              <EditRegulationForm
                key={formKey}
                detail={detail}
                role={staff.role}
                ownName={staff.ownName}
                onOutcome={handleOutcome}
                onReload={handleReload}
              />
            </Card.Body>
          </Card>
          {detail.can.details && <Link to={paths.panel.regulationDetails.getHref(staff.panel, detail.id)}>Ver detalles de la normativa</Link>}
        </>
      ) : null}
    </div>
  );
}
