import { DATE_RANGE } from '@concejo/contracts';
import type { ComponentProps } from 'react';
import { FieldError } from './field-error';

type DateField = 'from' | 'to';

type Props = {
  /** The form's useGetForm (any form whose fields include `from` and `to`). */
  form: {
    errors: Partial<Record<DateField, string>>;
    idOf: (name: DateField) => string;
    fieldProps: (name: DateField) => ComponentProps<'input'>;
  };
  /** The days the address holds. */
  defaults: Record<DateField, string>;
  /** «Desde» as typed so far: «Hasta» offers no day before it. */
  from: string;
  onFromChange: (value: string) => void;
  /** Bootstrap's grid classes of each field's column. */
  columnClassName: string;
};

/** «Desde» and «Hasta» of a public filter form (a GET form: named as the address's parameters). */
export function DateRangeFields({ form: { errors, fieldProps, idOf }, defaults, from, onFromChange, columnClassName }: Props) {
  return (
    <>
      <div className={columnClassName}>
        <label className="form-label" htmlFor={idOf('from')}>
          Desde
        </label>
        <input type="date" min={DATE_RANGE.first} max={DATE_RANGE.last} defaultValue={defaults.from} onChange={(event) => onFromChange(event.target.value)} {...fieldProps('from')} />
        <FieldError fieldId={idOf('from')} error={errors.from} />
      </div>
      <div className={columnClassName}>
        <label className="form-label" htmlFor={idOf('to')}>
          Hasta
        </label>
        <input type="date" min={from || DATE_RANGE.first} max={DATE_RANGE.last} defaultValue={defaults.to} {...fieldProps('to')} />
        <FieldError fieldId={idOf('to')} error={errors.to} />
      </div>
    </>
  );
}
