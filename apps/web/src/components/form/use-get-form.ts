import { useCallback, useLayoutEffect, useRef } from 'react';
import { enhanceGetForm, type FormValues } from '../../enhance/get-form';

export type FormErrors<F extends string> = Partial<Record<F, string>>;

type Options<F extends string> = {
  /** The fields' names: the URL parameters the form sends. */
  fields: readonly F[];
  /** The rules' name (src/page/enhancers.ts's FORM_CHECKS): the server-rendered page finds them by it. */
  checkName: string;
  /** The message of each wrong field; {} when the values can be applied. */
  check: (values: Record<F, string>) => FormErrors<F>;
  /** What a valid submit does in the staff app (put the filters in the address); a server-rendered page loads the address. */
  onApply?: (values: Record<F, string>) => void;
  /** The fields' ids are `${idPrefix}-${name}` (labels, error texts). */
  idPrefix: string;
};

/**
 * A public filter form (ARCHITECTURE.md, "Forms"): a plain `<form method="get">` whose fields carry the
 * names of the URL parameters, so that without JavaScript the browser itself submits it, checked by the
 * fields' own HTML limits. What it does with a script (the Spanish messages under the fields, focus on
 * the first wrong one, a valid submit applied) is enhance/get-form.ts, on a server-rendered page and in
 * the staff app alike. The fields are uncontrolled (defaultValue); a form keyed by the address starts
 * again when the address changes.
 */
export function useGetForm<F extends string>({ fields, checkName, check, onApply, idPrefix }: Options<F>) {
  const latest = useRef({ fields, check, onApply });
  const formRef = useRef<HTMLFormElement | null>(null);
  useLayoutEffect(() => {
    latest.current = { fields, check, onApply };
  });
  const ref = useCallback(
    (form: HTMLFormElement | null) => {
      formRef.current = form;
      if (!form) return;
      const pick = (values: FormValues) => Object.fromEntries(latest.current.fields.map((name) => [name, values[name] ?? ''])) as Record<F, string>;
      return enhanceGetForm(form, {
        check: (values) => latest.current.check(pick(values)),
        onApply: latest.current.onApply && ((values) => latest.current.onApply?.(pick(values))),
      });
    },
    [],
  );

  const idOf = (name: F) => `${idPrefix}-${name}`;

  /** A field's name, id, class and hint (its error, when there is one, is added by the enhancer). */
  const fieldProps = (name: F, { className = 'form-control', hintId }: { className?: string; hintId?: string } = {}) => ({
    name,
    id: idOf(name),
    className,
    'aria-describedby': hintId,
  });

  /** Back to the values the form was rendered with, without errors (Limpiar on an address without filters). */
  const reset = () => formRef.current?.reset();

  return {
    idOf,
    fieldProps,
    reset,
    formProps: { ref, method: 'get', 'data-enhance': 'get-form', 'data-check': checkName },
  };
}
