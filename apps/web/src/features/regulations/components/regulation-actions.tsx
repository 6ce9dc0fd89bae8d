import {
  ACTION_COMMITTEES,
  ACTION_COMMITTEE_LABELS,
  MANUAL_ACTION_KINDS,
  REGULATION_ACTION_LABELS,
  REGULATION_MESSAGES,
  actionChangesSchema,
  actionSummary,
  formatActionDay,
  newActionSchema,
  type RegulationAction,
  type RegulationDetail,
} from '@concejo/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FileInput } from '../../../components/file-input';
import { FieldError, invalidProps } from '../../../components/form/field-error';
import { applyServerErrors, requestErrorMessages } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useRegulationActionMutations } from '../api/regulation-actions';

/** The fields of the add form, all text as the controls hold them; the schema decides which a kind needs. */
const EMPTY_STEP = { kind: '', date: '', committee: '', majority: '', promulgation: '', veto: '', decree: '', edition: '', page: '', url: '', in_force_from: '', note: '' };
const STEP_FIELDS = Object.keys(EMPTY_STEP);

/** One step as the list shows it: its date, its label, what it carries and its note. */
function StepText({ action }: { action: RegulationAction }) {
  const summary = actionSummary(action);
  return (
    <>
      <time dateTime={action.date} className="fw-semibold">
        {formatActionDay(action.date)}
      </time>{' '}
      – {REGULATION_ACTION_LABELS[action.kind]}
      {summary && <span>: {summary}</span>}
      {action.url && (
        <>
          {' '}
          (<a href={action.url}>ver el Boletín Oficial</a>)
        </>
      )}
      {action.note && <span className="d-block text-body-secondary">{action.note}</span>}
    </>
  );
}

/**
 * A despacho's PDF on the staff's list: a link to it, and for the staff who may edit the norm a file
 * field (the form kit's FileInput) that attaches or replaces it and a button that removes it. What the
 * server refuses (no PDF, too large) is said under the field.
 */
function StepPdf({ regulationId, action, canEdit }: { regulationId: number; action: RegulationAction; canEdit: boolean }) {
  const { attachPdf, removePdf } = useRegulationActionMutations(regulationId);
  const [file, setFile] = useState<File | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const failure = attachPdf.error ?? removePdf.error;
  return (
    <div className="mt-1">
      {action.pdf && (
        <a href={action.pdf} target="_blank" rel="noopener" className="me-2">
          PDF del despacho<span className="visually-hidden"> del {formatActionDay(action.date)} (se abre en una pestaña nueva)</span>
        </a>
      )}
      {canEdit && (
        <Form
          noValidate
          className="d-flex flex-wrap align-items-end gap-2 mt-1"
          onSubmit={(event) => {
            event.preventDefault();
            if (file) attachPdf.mutate({ actionId: action.id, file }, { onSuccess: () => setFile(null) });
          }}
        >
          <FileInput
            id={`action-${action.id}-pdf`}
            label={action.pdf ? 'Reemplazar el PDF del despacho' : 'Adjuntar el PDF del despacho'}
            file={file}
            accept="application/pdf"
            wrongTypeMessage={REGULATION_MESSAGES.pdfOnly}
            error={pickError ?? (failure ? requestErrorMessages(failure) : null)}
            onChange={(picked, error) => {
              setFile(picked);
              setPickError(error);
            }}
          />
          <Button type="submit" size="sm" variant="outline-primary" className="mb-3" disabled={!file || attachPdf.isPending}>
            {attachPdf.isPending ? 'Subiendo…' : 'Subir PDF'}
          </Button>
          {action.pdf && (
            <Button type="button" size="sm" variant="link" className="mb-3 text-danger p-0" disabled={removePdf.isPending} onClick={() => removePdf.mutate(action.id)}>
              Quitar PDF
            </Button>
          )}
        </Form>
      )}
    </div>
  );
}

/** The corrected date of one step, in place: what the staff do when an archive is loaded late. */
function RedateForm({ regulationId, action, onDone }: { regulationId: number; action: RegulationAction; onDone: () => void }) {
  const { redate } = useRegulationActionMutations(regulationId);
  const form = useZodForm(actionChangesSchema, { defaultValues: { date: action.date } });
  const fieldId = `action-${action.id}-date`;
  const error = form.formState.errors.date;
  return (
    <Form
      noValidate
      className="d-flex flex-wrap align-items-start gap-2 mt-2"
      onSubmit={form.handleSubmit((values) =>
        redate.mutate({ actionId: action.id, date: values.date }, { onSuccess: onDone, onError: (failure) => applyServerErrors(failure, form.setError, ['date']) }),
      )}
    >
      <div>
        <Form.Label htmlFor={fieldId} className="visually-hidden">
          Nueva fecha de {REGULATION_ACTION_LABELS[action.kind]}
        </Form.Label>
        <Form.Control id={fieldId} type="date" {...form.register('date')} {...invalidProps(fieldId, error)} />
        <FieldError fieldId={fieldId} error={error} />
      </div>
      <Button type="submit" variant="primary" size="sm" disabled={redate.isPending}>
        Guardar fecha
      </Button>
      <Button type="button" variant="outline-secondary" size="sm" onClick={onDone}>
        Cancelar
      </Button>
    </Form>
  );
}

/** The form that adds a manual step: its kind decides which fields it shows. */
function AddStepForm({ regulationId }: { regulationId: number }) {
  const { add } = useRegulationActionMutations(regulationId);
  const form = useZodForm(newActionSchema, { defaultValues: EMPTY_STEP as never });
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState<string[]>([]);
  // What the kind (and a promulgation's manner) asks for is shown as they are chosen.
  const { kind, promulgation } = form.watch() as unknown as Record<keyof typeof EMPTY_STEP, string>;
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const field = (name: string) => ({ id: `new-action-${name}`, ...form.register(name as never), ...invalidProps(`new-action-${name}`, errors[name]) });
  const error = (name: string) => <FieldError fieldId={`new-action-${name}`} error={errors[name]} />;
  /** A select of the form, with its label, its choices as [value, text] and its error. */
  const choice = (name: string, label: string, options: readonly (readonly [string, string])[]) => (
    <Form.Group className="col-12 col-md-6">
      <Form.Label htmlFor={`new-action-${name}`}>{label}</Form.Label>
      <Form.Select {...field(name)}>
        <option value="">Seleccione…</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Form.Select>
      {error(name)}
    </Form.Group>
  );
  const needsCommittee = kind === 'giro' || kind === 'despacho';
  const needsDecree = kind === 'veto' || (kind === 'promulgacion' && promulgation === 'expresa');

  return (
    <Form
      noValidate
      aria-labelledby="new-action-title"
      className="regulation-action-form mt-3"
      onSubmit={form.handleSubmit((values) => {
        setDone('');
        setFailure([]);
        add.mutate(values, {
          onSuccess: (saved) => {
            setDone(`Se agregó «${saved.label}» al trámite.`);
            form.reset(EMPTY_STEP as never);
          },
          onError: (problem) => setFailure(applyServerErrors(problem, form.setError, STEP_FIELDS).unplaced.length ? requestErrorMessages(problem) : []),
        });
      })}
    >
      <h3 id="new-action-title" className="h5">
        Agregar un paso
      </h3>
      <div className="row g-3">
        {choice('kind', 'Paso', MANUAL_ACTION_KINDS.map((manual) => [manual, REGULATION_ACTION_LABELS[manual]]))}
        <Form.Group className="col-12 col-md-6">
          <Form.Label htmlFor="new-action-date">Fecha</Form.Label>
          <Form.Control type="date" {...field('date')} />
          {error('date')}
        </Form.Group>
        {needsCommittee && choice('committee', 'Comisión', ACTION_COMMITTEES.map((committee) => [committee, ACTION_COMMITTEE_LABELS[committee]]))}
        {kind === 'despacho' && choice('majority', 'Despacho de', [['mayoria', 'Mayoría'], ['minoria', 'Minoría']])}
        {kind === 'promulgacion' && choice('promulgation', 'Promulgación', [['expresa', 'Expresa (por decreto)'], ['tacita', 'Tácita']])}
        {kind === 'veto' && choice('veto', 'Veto', [['total', 'Total'], ['parcial', 'Parcial']])}
        {needsDecree && (
          <Form.Group className="col-12 col-md-6">
            <Form.Label htmlFor="new-action-decree">Número de decreto</Form.Label>
            <Form.Control {...field('decree')} maxLength={40} />
            {error('decree')}
          </Form.Group>
        )}
        {kind === 'publicacion' && (
          <>
            <Form.Group className="col-12 col-md-4">
              <Form.Label htmlFor="new-action-edition">Edición del Boletín Oficial</Form.Label>
              <Form.Control {...field('edition')} maxLength={40} />
              {error('edition')}
            </Form.Group>
            <Form.Group className="col-12 col-md-4">
              <Form.Label htmlFor="new-action-page">Página (opcional)</Form.Label>
              <Form.Control type="number" min={1} {...field('page')} />
              {error('page')}
            </Form.Group>
            <Form.Group className="col-12 col-md-4">
              <Form.Label htmlFor="new-action-url">Dirección de la publicación (opcional)</Form.Label>
              <Form.Control type="url" {...field('url')} maxLength={500} />
              {error('url')}
            </Form.Group>
            <Form.Group className="col-12 col-md-4">
              <Form.Label htmlFor="new-action-in_force_from">Vigente desde (si no es el día de la publicación)</Form.Label>
              <Form.Control type="date" {...field('in_force_from')} />
              {error('in_force_from')}
            </Form.Group>
          </>
        )}
        <Form.Group className="col-12">
          <Form.Label htmlFor="new-action-note">Nota pública (opcional)</Form.Label>
          <Form.Control as="textarea" rows={2} {...field('note')} maxLength={500} />
          {error('note')}
        </Form.Group>
      </div>
      {failure.length > 0 && (
        <Alert variant="danger" className="mt-3 mb-0">
          {failure.join(' ')}
        </Alert>
      )}
      <p role="status" className="mt-3 mb-0">
        {done}
      </p>
      <Button type="submit" className="mt-2" disabled={add.isPending}>
        Agregar paso
      </Button>
    </Form>
  );
}

/**
 * The trámite of a regulation on its detail page (DESIGN.md 9.2): its expediente's steps, oldest first;
 * the staff who may edit it add the manual steps, delete them and correct any step's date.
 */
export function RegulationActions({ detail }: { detail: RegulationDetail }) {
  const { remove } = useRegulationActionMutations(detail.id);
  const [redating, setRedating] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<RegulationAction | null>(null);
  const canEdit = detail.can.update && detail.is_old === 0;
  return (
    <section aria-labelledby="regulation-actions-title" className="mt-4">
      <h2 id="regulation-actions-title" className="h4">
        Trámite{detail.expediente ? ` del expediente ${detail.expediente}` : ''}
      </h2>
      {detail.actions.length === 0 ? (
        <p>Esta normativa no tiene pasos de trámite registrados.</p>
      ) : (
        <ol className="regulation-actions list-unstyled mb-0">
          {detail.actions.map((action) => (
            <li key={action.id} className="py-2 border-bottom">
              <StepText action={action} />
              {canEdit && redating !== action.id && (
                <span className="d-inline-flex flex-wrap gap-2 ms-2">
                  <Button variant="link" size="sm" className="p-0" onClick={() => setRedating(action.id)}>
                    Corregir fecha <span className="visually-hidden">de {REGULATION_ACTION_LABELS[action.kind]}</span>
                  </Button>
                  {!action.automatic && (
                    <Button variant="link" size="sm" className="p-0 text-danger" onClick={() => setDeleting(action)}>
                      Eliminar <span className="visually-hidden">{REGULATION_ACTION_LABELS[action.kind]}</span>
                    </Button>
                  )}
                </span>
              )}
              {canEdit && redating === action.id && <RedateForm regulationId={detail.id} action={action} onDone={() => setRedating(null)} />}
              {action.kind === 'despacho' && <StepPdf regulationId={detail.id} action={action} canEdit={canEdit} />}
            </li>
          ))}
        </ol>
      )}
      {remove.isError && (
        <Alert variant="danger" className="mt-3">
          {requestErrorMessages(remove.error).join(' ')}
        </Alert>
      )}
      {canEdit && <AddStepForm regulationId={detail.id} />}
      <ConfirmModal
        show={deleting !== null}
        title="Eliminar paso del trámite"
        message={deleting ? `¿Eliminar «${REGULATION_ACTION_LABELS[deleting.kind]}» del ${formatActionDay(deleting.date)}?` : ''}
        confirmLabel="Eliminar"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </section>
  );
}
