import { LINK_NOTE_MAX, formatActionDay, legalForceFactsSchema, linkDetailsSchema, type LinkedRegulationRef, type RegulationDetail } from '@concejo/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidProps } from '../../../components/form/field-error';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useLegalForceMutations } from '../api/legal-force';
import { linkKindLabel, regulationName, type LinkSide } from '../format';

/** The note (and a suspension's last day) of one link, edited in place. */
function LinkNoteForm({ regulationId, link, side, onDone }: { regulationId: number; link: LinkedRegulationRef; side: LinkSide; onDone: () => void }) {
  const { annotate } = useLegalForceMutations(regulationId);
  const form = useZodForm(linkDetailsSchema, { defaultValues: { note: link.note ?? '', ...(link.kind === 'suspends' ? { until: link.until ?? '' } : {}) } });
  const errors = form.formState.errors;
  const id = (name: string) => `link-${side}-${link.id}-${name}`;
  return (
    <Form
      noValidate
      className="d-flex flex-wrap align-items-start gap-2 mt-2"
      onSubmit={form.handleSubmit((details) =>
        annotate.mutate({ otherId: link.id, details }, { onSuccess: onDone, onError: (failure) => applyServerErrors(failure, form.setError, ['note', 'until']) }),
      )}
    >
      <div>
        <Form.Label htmlFor={id('note')} className="small mb-0">
          Nota (qué artículos, por ejemplo «arts. 3 a 5»)
        </Form.Label>
        <Form.Control id={id('note')} size="sm" maxLength={LINK_NOTE_MAX} {...form.register('note')} {...invalidProps(id('note'), errors.note)} />
        <FieldError fieldId={id('note')} error={errors.note} />
      </div>
      {link.kind === 'suspends' && (
        <div>
          <Form.Label htmlFor={id('until')} className="small mb-0">
            Suspendida hasta (inclusive; vacío: sin fin)
          </Form.Label>
          <Form.Control id={id('until')} size="sm" type="date" {...form.register('until')} {...invalidProps(id('until'), errors.until)} />
          <FieldError fieldId={id('until')} error={errors.until} />
        </div>
      )}
      <Button type="submit" size="sm" className="align-self-end" disabled={annotate.isPending}>
        Guardar
      </Button>
      <Button type="button" size="sm" variant="outline-secondary" className="align-self-end" onClick={onDone}>
        Cancelar
      </Button>
    </Form>
  );
}

/** One side's links with their notes, each editable. */
function LinkNotes({ detail, side }: { detail: RegulationDetail; side: LinkSide }) {
  const [editing, setEditing] = useState<number | null>(null);
  const links = side === 'outgoing' ? detail.regulations_modified : detail.regulations_that_modify;
  return links.map((link) => (
    <li key={`${side}-${link.id}`} className="py-2 border-bottom">
      <span className="regulation-link-kind">{linkKindLabel(link.kind, side)}:</span> {regulationName(link)}
      {link.until && <span> hasta el {formatActionDay(link.until)}</span>}
      {link.note && <span className="d-block text-body-secondary">{link.note}</span>}
      {editing === link.id ? (
        <LinkNoteForm regulationId={detail.id} link={link} side={side} onDone={() => setEditing(null)} />
      ) : (
        <Button variant="link" size="sm" className="p-0 ms-2" onClick={() => setEditing(link.id)}>
          {link.kind === 'suspends' ? 'Editar nota y fin' : 'Editar nota'} <span className="visually-hidden">del vínculo con {regulationName(link)}</span>
        </Button>
      )}
    </li>
  ));
}

/** The term written in the norm and the day it was declared null. */
function OwnFactsForm({ detail }: { detail: RegulationDetail }) {
  const { setFacts } = useLegalForceMutations(detail.id);
  const form = useZodForm(legalForceFactsSchema, { defaultValues: { in_force_until: detail.in_force_until ?? '', voided_on: detail.voided_on ?? '' } });
  const [done, setDone] = useState('');
  const errors = form.formState.errors;
  const field = (name: 'in_force_until' | 'voided_on', label: string) => (
    <Form.Group className="col-12 col-md-6">
      <Form.Label htmlFor={`force-${name}`}>{label}</Form.Label>
      <Form.Control id={`force-${name}`} type="date" {...form.register(name)} {...invalidProps(`force-${name}`, errors[name])} />
      <FieldError fieldId={`force-${name}`} error={errors[name]} />
    </Form.Group>
  );
  return (
    <Form
      noValidate
      aria-labelledby="force-facts-title"
      className="mt-3"
      onSubmit={form.handleSubmit((facts) => {
        setDone('');
        setFacts.mutate(facts, { onSuccess: () => setDone('Se guardó la vigencia.'), onError: (failure) => applyServerErrors(failure, form.setError, ['in_force_until', 'voided_on']) });
      })}
    >
      <h3 id="force-facts-title" className="h5">
        Plazo y nulidad
      </h3>
      <div className="row g-3">
        {field('in_force_until', 'Vigente hasta (un plazo escrito en la norma; vacío: sin plazo)')}
        {field('voided_on', 'Declarada nula el (vacío: no lo fue)')}
      </div>
      <p role="status" className="mt-2 mb-0">
        {done}
      </p>
      <Button type="submit" className="mt-2" disabled={setFacts.isPending}>
        Guardar vigencia
      </Button>
    </Form>
  );
}

/**
 * The facts a norm's legal force is computed from (DESIGN.md 9.2), for the staff who set links (admin,
 * asesor): each link's note and a suspension's end, the norm's term and its nullity. The force itself
 * is the database's to compute; the badge at the top shows it after each change.
 */
export function LegalForceFacts({ detail }: { detail: RegulationDetail }) {
  const hasLinks = detail.regulations_modified.length + detail.regulations_that_modify.length > 0;
  return (
    <section aria-labelledby="legal-force-facts-title" className="mt-4">
      <h2 id="legal-force-facts-title" className="h4">
        Vigencia
      </h2>
      {hasLinks ? (
        <ul className="list-unstyled mb-0">
          <LinkNotes detail={detail} side="outgoing" />
          <LinkNotes detail={detail} side="incoming" />
        </ul>
      ) : (
        <p className="mb-0">Esta normativa no tiene vínculos con otras normas.</p>
      )}
      <OwnFactsForm detail={detail} />
    </section>
  );
}
