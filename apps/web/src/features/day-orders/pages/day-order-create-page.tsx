import {
  COMMISSION_SECTIONS,
  DAY_ORDER_MESSAGES,
  PREVIOUS_MINUTES_TITLE,
  SESSION_TYPE_LABELS,
  SESSION_TYPES,
  SOURCE_SECTIONS,
  type DayOrderSources,
  type SessionType,
} from '@concejo/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/use-toast';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { buildPayload, defaultRange, emptyDraft, errorsByField, keepListed, sourcesRange, validatePayload, type AgendaDraft, type FieldErrors } from '../agenda-form';
import { useCreateDayOrder } from '../api/create-day-order';
import { useDayOrderSources } from '../api/get-day-order-sources';
import { CommissionList } from '../components/commission-list';
import { errorIdOf, FieldError } from '../components/field-error';
import { SourceSectionFieldset } from '../components/source-section';
import { useDelayed } from '../../../lib/use-delayed';
import '../day-orders.scss';

/** Spec 4: after saving, the public list opens 1.5 s later. */
export const REDIRECT_AFTER_CREATE_MS = 1500;

type Outcome = { variant: 'success' | 'danger'; messages: string[] } | null;

/** cargar-orden-dia (admin, asesor): builds the agenda of the next session from what is pending (spec 2.5.6). */
export function DayOrderCreatePage() {
  useDocumentTitle('Cargar orden del día');
  const toast = useToast();
  const navigate = useNavigate();
  const later = useDelayed();
  const [range, setRange] = useState(() => defaultRange(new Date()));
  const [rangeErrors, setRangeErrors] = useState<FieldErrors>({});
  const [sources, setSources] = useState<DayOrderSources | null>(null);
  const [draft, setDraft] = useState<AgendaDraft>(emptyDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
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

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    const checked = sourcesRange(range.start, range.end);
    if ('errors' in checked) {
      setRangeErrors(checked.errors);
      return;
    }
    setRangeErrors({});
    search.mutate(checked.range, {
      onSuccess: (found) => {
        setSources(found);
        setDraft((current) => ({ ...current, selected: keepListed(current.selected, found) }));
      },
      onError: () => toast.error(DAY_ORDER_MESSAGES.sourcesError),
    });
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const payload = buildPayload(draft, sources);
    const found = validatePayload(payload);
    setErrors(found);
    if (Object.keys(found).length) {
      show({ variant: 'danger', messages: [DAY_ORDER_MESSAGES.createError, ...new Set(Object.values(found).flat())] });
      return;
    }
    create.mutate(payload, {
      onSuccess: () => {
        show({ variant: 'success', messages: [DAY_ORDER_MESSAGES.created] });
        toast.success(DAY_ORDER_MESSAGES.created);
        later(() => navigate(paths.dayOrders.getHref()), REDIRECT_AFTER_CREATE_MS);
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError && error.status === 422 ? errorsByField(error.errors) : {};
        setErrors(fieldErrors);
        const details = [...new Set(Object.values(fieldErrors).flat())];
        if (!details.length && error instanceof ApiError && error.status === 422 && error.message) details.push(error.message);
        show({ variant: 'danger', messages: [DAY_ORDER_MESSAGES.createError, ...details] });
        toast.error(DAY_ORDER_MESSAGES.createError);
      },
    });
  };

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
              <Form.Control
                type="datetime-local"
                value={range.start}
                isInvalid={!!rangeErrors.startDate}
                aria-describedby={rangeErrors.startDate ? errorIdOf('sources-start') : undefined}
                onChange={(event) => setRange({ ...range, start: event.target.value })}
              />
              <FieldError fieldId="sources-start" error={rangeErrors.startDate} />
            </Form.Group>
            <Form.Group className="col-12 col-md-5" controlId="sources-end">
              <Form.Label>Hasta</Form.Label>
              <Form.Control
                type="datetime-local"
                value={range.end}
                isInvalid={!!rangeErrors.endDate}
                aria-describedby={rangeErrors.endDate ? errorIdOf('sources-end') : undefined}
                onChange={(event) => setRange({ ...range, end: event.target.value })}
              />
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
              <Form.Select
                value={draft.sessionType}
                isInvalid={!!errors.sessionType}
                aria-describedby={errors.sessionType ? errorIdOf('agenda-session-type') : undefined}
                onChange={(event) => setDraft({ ...draft, sessionType: event.target.value as SessionType | '' })}
              >
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
              <Form.Control
                type="datetime-local"
                value={draft.date}
                isInvalid={!!errors.date}
                aria-describedby={errors.date ? errorIdOf('agenda-date') : undefined}
                onChange={(event) => setDraft({ ...draft, date: event.target.value })}
              />
              <FieldError fieldId="agenda-date" error={errors.date} />
            </Form.Group>
            <Form.Group className="col-12 col-md-4" controlId="agenda-acta">
              <Form.Label>N° de acta de la sesión anterior</Form.Label>
              <Form.Control
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={draft.acta}
                isInvalid={!!errors.acta}
                aria-describedby={['agenda-acta-hint', errors.acta ? errorIdOf('agenda-acta') : ''].filter(Boolean).join(' ')}
                onChange={(event) => setDraft({ ...draft, acta: event.target.value })}
              />
              <Form.Text id="agenda-acta-hint" className="form-hint">
                Sección 1: {PREVIOUS_MINUTES_TITLE}.
              </Form.Text>
              <FieldError fieldId="agenda-acta" error={errors.acta} />
            </Form.Group>
          </div>
        </div>

        {sources ? (
          SOURCE_SECTIONS.map((section) => (
            <SourceSectionFieldset
              key={section}
              section={section}
              items={sources[section]}
              selected={draft.selected[section]}
              error={errors[section]}
              onChange={(selected) => setDraft((current) => ({ ...current, selected: { ...current.selected, [section]: selected } }))}
            />
          ))
        ) : (
          <p className="agenda-fieldset">Busque los asuntos en proceso para elegir la correspondencia, los mensajes del DEM y los proyectos.</p>
        )}

        {COMMISSION_SECTIONS.map((section) => (
          <CommissionList
            key={section}
            section={section}
            items={draft.commissions[section]}
            error={errors[section]}
            onChange={(items) => setDraft((current) => ({ ...current, commissions: { ...current.commissions, [section]: items } }))}
          />
        ))}

        <div ref={outcomeRef} tabIndex={-1} className="agenda-outcome">
          {outcome && (
            <Alert variant={outcome.variant} role={outcome.variant === 'danger' ? 'alert' : 'status'}>
              {outcome.messages.length === 1 ? (
                <p className="mb-0">{outcome.messages[0]}</p>
              ) : (
                <>
                  <p className="fw-semibold">{outcome.messages[0]}</p>
                  <ul className="mb-0 ps-3">
                    {outcome.messages.slice(1).map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                </>
              )}
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
