import {
  COMMISSION_SECTIONS,
  createDayOrderSchema,
  DAY_ORDER_MESSAGES,
  dayOrderSourcesQuerySchema,
  PREVIOUS_MINUTES_TITLE,
  SESSION_TYPE_LABELS,
  SESSION_TYPES,
  SOURCE_SECTIONS,
  type CreateDayOrder,
  type DayOrderSources,
} from '@concejo/contracts';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FieldError, invalidProps } from '../../../components/form/field-error';
import { applyServerErrors, serverFieldErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useToast } from '../../../components/toast/use-toast';
import { useCouncilDates } from '../../../components/site';
import { paths } from '../../../lib/paths';
import { useDelayed } from '../../../lib/use-delayed';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AGENDA_FIELDS, defaultRange, emptyAgenda, inListOrder, keepListed, listMessages, serverAliases, sourcesQuery } from '../agenda-form';
import { useCreateDayOrder } from '../api/create-day-order';
import { useDayOrderSources } from '../api/get-day-order-sources';
import { CommissionList } from '../components/commission-list';
import { SourceSectionFieldset } from '../components/source-section';
import { usePanel } from '../use-panel';
import '../day-orders.scss';

/** Spec 4: after saving, the agenda list opens 1.5 s later. */
export const REDIRECT_AFTER_CREATE_MS = 1500;

/** The result under the form: saved, or failed with the messages no field holds (a 500, a 422 without a field). */
type Outcome = { variant: 'success' } | { variant: 'danger'; extra: string[] } | null;

/**
 * cargar-orden-dia (admin, asesor): builds the agenda of the next session from what is pending (spec 2.5.6).
 * Both forms are checked by the contract's schemas; an error shows after a submit and clears as its field
 * (a list included) is corrected.
 */
export function DayOrderCreatePage() {
  useDocumentTitle('Cargar orden del día');
  const toast = useToast();
  const navigate = useNavigate();
  const panel = usePanel();
  const later = useDelayed();
  const dates = useCouncilDates();
  const [initialRange] = useState(() => defaultRange(new Date(), dates));
  const searchForm = useZodForm(dayOrderSourcesQuerySchema, { defaultValues: initialRange });
  const form = useZodForm(createDayOrderSchema, { defaultValues: emptyAgenda() });
  const [sources, setSources] = useState<DayOrderSources | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const search = useDayOrderSources();
  const create = useCreateDayOrder();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const [outcomeKey, setOutcomeKey] = useState(0);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome, outcomeKey]);

  const show = (next: Outcome) => {
    setOutcome(next);
    setOutcomeKey((key) => key + 1);
  };

  const handleSearch = searchForm.handleSubmit((range) => {
    search.mutate(sourcesQuery(range), {
      onSuccess: (found) => {
        setSources(found);
        for (const section of SOURCE_SECTIONS) {
          form.setValue(section, keepListed(form.getValues(section) as number[], found[section]), { shouldValidate: form.formState.isSubmitted });
        }
      },
      onError: () => toast.error(DAY_ORDER_MESSAGES.sourcesError),
    });
  });

  const send = (values: CreateDayOrder) => {
    create.mutate(inListOrder(values, sources), {
      onSuccess: () => {
        show({ variant: 'success' });
        toast.success(DAY_ORDER_MESSAGES.created);
        later(() => navigate(panel ? paths.panel.dayOrderList.getHref(panel) : paths.dayOrders.getHref()), REDIRECT_AFTER_CREATE_MS);
      },
      onError: (error) => {
        const { messages, unplaced } = applyServerErrors(error, form.setError, AGENDA_FIELDS, serverAliases(Object.keys(serverFieldErrors(error))));
        show({ variant: 'danger', extra: Object.keys(serverFieldErrors(error)).length ? unplaced : messages });
        toast.error(DAY_ORDER_MESSAGES.createError);
      },
    });
  };
  const handleSubmit = form.handleSubmit(send, () => show({ variant: 'danger', extra: [] }));

  const { errors } = form.formState;
  const rangeErrors = searchForm.formState.errors;
  // The alert lists what is still wrong: it shrinks as the fields are corrected, and goes with the last one.
  const pending = outcome?.variant === 'danger' ? [...new Set([...AGENDA_FIELDS.flatMap((name) => listMessages(errors[name])), ...outcome.extra])] : [];
  const saved = create.isSuccess;
  return (
    <div className="day-order-create-page">
      <h1 className="mb-3">Cargar orden del día</h1>

      <section aria-labelledby="sources-title" className="card shadow-sm mb-4">
        <div className="card-body">
          <h2 id="sources-title" className="h4">
            Buscar asuntos en proceso
          </h2>
          <p className="form-hint">Normativas en proceso creadas entre las fechas elegidas (ambas incluidas).</p>
          <Form noValidate onSubmit={handleSearch} className="row g-3 align-items-end">
            <Form.Group className="col-12 col-md-5" controlId="sources-start">
              <Form.Label>Desde</Form.Label>
              <Form.Control type="datetime-local" {...searchForm.register('startDate')} {...invalidProps('sources-start', rangeErrors.startDate)} />
              <FieldError fieldId="sources-start" error={rangeErrors.startDate} />
            </Form.Group>
            <Form.Group className="col-12 col-md-5" controlId="sources-end">
              <Form.Label>Hasta</Form.Label>
              <Form.Control type="datetime-local" {...searchForm.register('endDate')} {...invalidProps('sources-end', rangeErrors.endDate)} />
              <FieldError fieldId="sources-end" error={rangeErrors.endDate} />
            </Form.Group>
            <div className="col-12 col-md-2">
              <Button type="submit" variant="outline-primary" className="w-100" disabled={search.isPending}>
                {search.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
                Buscar
              </Button>
            </div>
          </Form>
          {search.isError && (
            <Alert variant="danger" role="alert" className="mt-3 mb-0">
              {DAY_ORDER_MESSAGES.sourcesError}
            </Alert>
          )}
        </div>
      </section>

      <Form noValidate onSubmit={handleSubmit} aria-labelledby="agenda-title">
        <h2 id="agenda-title" className="h4">
          Orden del día
        </h2>
        <div className="card shadow-sm mb-4">
          <div className="card-body row g-3">
            <Form.Group className="col-12 col-md-4" controlId="agenda-session-type">
              <Form.Label>Tipo de sesión</Form.Label>
              <Form.Select {...form.register('sessionType')} {...invalidProps('agenda-session-type', errors.sessionType)}>
                <option value="">Seleccione el tipo de sesión</option>
                {SESSION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {SESSION_TYPE_LABELS[type]}
                  </option>
                ))}
              </Form.Select>
              <FieldError fieldId="agenda-session-type" error={errors.sessionType} />
            </Form.Group>
            <Form.Group className="col-12 col-md-4" controlId="agenda-date">
              <Form.Label>Fecha y hora de la sesión</Form.Label>
              <Form.Control type="datetime-local" {...form.register('date')} {...invalidProps('agenda-date', errors.date)} />
              <FieldError fieldId="agenda-date" error={errors.date} />
            </Form.Group>
            <Form.Group className="col-12 col-md-4" controlId="agenda-acta">
              <Form.Label>N° de acta de la sesión anterior</Form.Label>
              <Form.Control type="text" inputMode="numeric" autoComplete="off" {...form.register('acta')} {...invalidProps('agenda-acta', errors.acta, 'agenda-acta-hint')} />
              <Form.Text id="agenda-acta-hint" className="form-hint">
                Sección 1: {PREVIOUS_MINUTES_TITLE}.
              </Form.Text>
              <FieldError fieldId="agenda-acta" error={errors.acta} />
            </Form.Group>
          </div>
        </div>

        {sources ? (
          SOURCE_SECTIONS.map((section) => (
            <Controller
              key={section}
              control={form.control}
              name={section}
              render={({ field, fieldState }) => (
                <SourceSectionFieldset
                  section={section}
                  items={sources[section]}
                  selected={(field.value ?? []) as number[]}
                  error={listMessages(fieldState.error)}
                  onChange={field.onChange}
                />
              )}
            />
          ))
        ) : (
          <p className="agenda-fieldset">Busque los asuntos en proceso para elegir la correspondencia, los mensajes del DEM y los proyectos.</p>
        )}

        {COMMISSION_SECTIONS.map((section) => (
          <Controller
            key={section}
            control={form.control}
            name={section}
            render={({ field, fieldState }) => (
              <CommissionList section={section} items={(field.value ?? []) as string[]} error={listMessages(fieldState.error)} onChange={field.onChange} />
            )}
          />
        ))}

        <div ref={outcomeRef} tabIndex={-1} className="agenda-outcome">
          {outcome?.variant === 'success' && (
            <Alert variant="success" role="status">
              <p className="mb-0">{DAY_ORDER_MESSAGES.created}</p>
            </Alert>
          )}
          {pending.length > 0 && (
            <Alert variant="danger" role="alert">
              <p className="fw-semibold">{DAY_ORDER_MESSAGES.createError}</p>
              <ul className="mb-0 ps-3">
                {pending.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </Alert>
          )}
        </div>
        <Button type="submit" variant="primary" size="lg" className="w-100 w-md-auto" disabled={create.isPending || saved}>
          {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Cargar orden del día
        </Button>
      </Form>
    </div>
  );
}
