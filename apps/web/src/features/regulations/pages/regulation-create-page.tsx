import { REGULATION_MESSAGES, type Role } from '@concejo/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateRegulation } from '../api/create-regulation';
import { FormAlert, type FormOutcome } from '../../../components/form/form-alert';
import { useCouncilDates } from '../../../components/site';
import { RegulationFields } from '../components/regulation-fields';
import { initialCreateValues, toCreateFormData } from '../form-rules';
import { useRegulationForm } from '../use-regulation-form';
import { useDelayed } from '../../../lib/use-delayed';
import { useStaffContext } from '../use-staff-context';
import '../regulations.scss';

/** Spec 4: after a regulation is created the form resets and the page reloads after 1.5 s. */
export const RELOAD_AFTER_SAVE_MS = 1500;

function CreateRegulationForm({ role, ownName, onOutcome }: { role: Role; ownName: string; onOutcome: (outcome: FormOutcome, reload: boolean) => void }) {
  const dates = useCouncilDates();
  const regulation = useRegulationForm({ role, mode: 'create', ownName, initial: initialCreateValues(role, ownName) });
  const { form, values, layout } = regulation;
  const create = useCreateRegulation();

  const handleSubmit = form.handleSubmit(
    () =>
      create.mutate(toCreateFormData(values, layout, dates), {
        onSuccess: () => {
          form.reset(initialCreateValues(role, ownName));
          onOutcome({ variant: 'success', messages: [REGULATION_MESSAGES.created] }, true);
        },
        onError: (error) => onOutcome({ variant: 'danger', messages: regulation.showServerErrors(error) }, false),
      }),
    (found) => onOutcome({ variant: 'danger', messages: regulation.messagesOf(found) }, false),
  );

  return (
    <Form noValidate onSubmit={handleSubmit} aria-labelledby="regulation-create-title">
      <RegulationFields
        mode="create"
        role={role}
        ownName={ownName}
        values={values}
        onChange={regulation.onChange}
        layout={layout}
        errors={regulation.errors}
        onPickFile={regulation.onPickFile}
        disabled={create.isPending}
      />
      <Button type="submit" variant="primary" disabled={create.isPending}>
        {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Cargar normativa
      </Button>
    </Form>
  );
}

/** cargar-normativa: registers a regulation with the fields the role may set (spec 2.5.2, 3 to 5). */
export function RegulationCreatePage() {
  useDocumentTitle('Cargar normativa');
  const staff = useStaffContext();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [focusKey, setFocusKey] = useState(0);
  const [formKey, setFormKey] = useState(0);
  const later = useDelayed();
  if (!staff) return null;

  const handleOutcome = (next: FormOutcome, reload: boolean) => {
    setOutcome(next);
    setFocusKey((key) => key + 1);
    // The "reload" of spec 4, without losing the message: the form starts again from scratch.
    if (reload) later(() => setFormKey((key) => key + 1), RELOAD_AFTER_SAVE_MS);
  };

  return (
    <div className="regulation-form-page">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1 id="regulation-create-title" className="mb-0">
          Cargar normativa
        </h1>
        {staff.role === 'admin' && <Link to={paths.panel.oldRegulationCreate.getHref('/admin')}>Cargar normativa antigua</Link>}
      </div>
      <FormAlert outcome={outcome} focusKey={focusKey} />
      <Card className="shadow-sm">
        <Card.Body>
          <CreateRegulationForm key={formKey} role={staff.role} ownName={staff.ownName} onOutcome={handleOutcome} />
        </Card.Body>
      </Card>
    </div>
  );
}
