import { dayOrderFiltersSchema } from '@concejo/contracts';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidProps } from '../../../components/form/field-error';
import { useZodForm } from '../../../components/form/use-zod-form';
import { EMPTY_FILTERS, type PublicDayOrderFilters } from '../filters';

type Props = {
  filters: PublicDayOrderFilters;
  onApply: (filters: PublicDayOrderFilters) => void;
};

/** From/to creation days with Limpiar and Filtrar (spec 2.3), checked by the contract's filter schema. */
export function PublicFilters({ filters, onApply }: Props) {
  const form = useZodForm(dayOrderFiltersSchema, { defaultValues: filters });
  const { errors } = form.formState;
  // The address changed (back button, a link): show what it says.
  const { reset } = form;
  const { from, to } = filters;
  useEffect(() => reset({ from, to }), [reset, from, to]);

  const handleSubmit = form.handleSubmit((values) => onApply({ from: values.from ?? '', to: values.to ?? '' }));
  const handleClear = () => {
    form.reset(EMPTY_FILTERS);
    onApply(EMPTY_FILTERS);
  };

  return (
    <Form noValidate onSubmit={handleSubmit} className="row g-3 align-items-end">
      <Form.Group className="col-12 col-sm-6 col-md-4" controlId="day-orders-from">
        <Form.Label>Desde</Form.Label>
        <Form.Control type="date" {...form.register('from')} {...invalidProps('day-orders-from', errors.from)} />
        <FieldError fieldId="day-orders-from" error={errors.from} />
      </Form.Group>
      <Form.Group className="col-12 col-sm-6 col-md-4" controlId="day-orders-to">
        <Form.Label>Hasta</Form.Label>
        <Form.Control type="date" min={String(form.watch('from') ?? '') || undefined} {...form.register('to')} {...invalidProps('day-orders-to', errors.to)} />
        <FieldError fieldId="day-orders-to" error={errors.to} />
      </Form.Group>
      <div className="col-12 col-md-4 d-flex gap-2">
        <Button type="button" variant="outline-dark" className="flex-fill" onClick={handleClear}>
          Limpiar
        </Button>
        <Button type="submit" variant="primary" className="flex-fill">
          Filtrar
        </Button>
      </div>
    </Form>
  );
}
