import { DATE_RANGE } from '@concejo/contracts';
import type { ComponentProps } from 'react';

type DateField = 'from' | 'to';

type Props = {
  /** The form's useGetForm (any form whose fields include `from` and `to`). */
  form: {
    idOf: (name: DateField) => string;
    fieldProps: (name: DateField) => ComponentProps<'input'>;
  };
  /** The days the address holds. */
  defaults: Record<DateField, string>;
  /** Bootstrap's grid classes of each field's column. */
  columnClassName: string;
};

/**
 * «Desde» and «Hasta» of a public filter form (a GET form: named as the address's parameters). «Hasta»
 * offers no day before «Desde» (enhance/get-form.ts keeps its minimum following «Desde»).
 */
export function DateRangeFields({ form: { fieldProps, idOf }, defaults, columnClassName }: Props) {
  return (
    <>
      <div className={columnClassName}>
        <label className="form-label" htmlFor={idOf('from')}>
          Desde
        </label>
        <input type="date" min={DATE_RANGE.first} max={DATE_RANGE.last} defaultValue={defaults.from} {...fieldProps('from')} />
      </div>
      <div className={columnClassName}>
        <label className="form-label" htmlFor={idOf('to')}>
          Hasta
        </label>
        <input type="date" min={defaults.from || DATE_RANGE.first} max={DATE_RANGE.last} defaultValue={defaults.to} {...fieldProps('to')} />
      </div>
    </>
  );
}
