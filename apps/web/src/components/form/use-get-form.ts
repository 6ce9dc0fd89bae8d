import { useEffect, useRef, useState, type FormEvent } from 'react';
import { describedBy } from './field-error';

export type FormErrors<F extends string> = Partial<Record<F, string>>;

type Options<F extends string> = {
  /** The fields' names: the URL parameters the form sends, in the order of the form. */
  fields: readonly F[];
  /** The message of each wrong field; {} when the values can be applied. */
  check: (values: Record<F, string>) => FormErrors<F>;
  /** What a valid submit does with JavaScript (put the filters in the address). */
  onApply: (values: Record<F, string>) => void;
  /** The fields' ids are `${idPrefix}-${name}` (labels, error texts). */
  idPrefix: string;
};

/**
 * A public filter form (ARCHITECTURE.md, "Forms"): a plain `<form method="get">` whose fields carry the
 * names of the URL parameters, so that without JavaScript the browser itself submits it, checked by the
 * fields' own HTML limits (minlength, pattern, min/max), and the server renders the filtered list. Once
 * JavaScript runs, the browser's checks give way to `check` (the Spanish messages under the fields,
 * focus on the first wrong one) and a valid submit calls `onApply` instead of reloading the page. As with
 * useZodForm, errors show after the first submit and then follow what is typed.
 *
 * The fields are uncontrolled (defaultValue): what a visitor typed before the script arrived stays, and
 * a form keyed by the address starts again when the address changes. No react-hook-form nor zod here:
 * the public pages do without both (ARCHITECTURE.md, "Forms").
 */
export function useGetForm<F extends string>({ fields, check, onApply, idPrefix }: Options<F>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [submitted, setSubmitted] = useState(false);

  // Set on the element, not rendered: the server's HTML keeps the browser's own checks for a visitor without JavaScript.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  const valuesOf = (form: HTMLFormElement) => {
    const data = new FormData(form);
    return Object.fromEntries(fields.map((name) => [name, String(data.get(name) ?? '')])) as Record<F, string>;
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = valuesOf(form);
    const found = check(values);
    setErrors(found);
    setSubmitted(true);
    const firstWrong = [...form.elements].find((element) => found[(element as HTMLInputElement).name as F]);
    if (firstWrong instanceof HTMLElement) firstWrong.focus();
    else onApply(values);
  };

  const handleChange = (event: FormEvent<HTMLFormElement>) => {
    if (submitted) setErrors(check(valuesOf(event.currentTarget)));
  };

  /** Back to the values the form was rendered with, without errors (Limpiar on an address without filters). */
  const reset = () => {
    formRef.current?.reset();
    setErrors({});
    setSubmitted(false);
  };

  const idOf = (name: F) => `${idPrefix}-${name}`;

  /** A field's name, id, and what tells it is wrong (Bootstrap's class, aria-invalid, its error text). */
  const fieldProps = (name: F, { className = 'form-control', hintId }: { className?: string; hintId?: string } = {}) => ({
    name,
    id: idOf(name),
    className: errors[name] ? `${className} is-invalid` : className,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': describedBy(idOf(name), errors[name], hintId),
  });

  return {
    errors,
    idOf,
    fieldProps,
    reset,
    formProps: { ref: formRef, method: 'get', onSubmit: handleSubmit, onChange: handleChange },
  };
}
