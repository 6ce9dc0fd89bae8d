import { errorIdOf } from '../components/form/field-ids';
import { all, listen, type Enhancer } from './enhancer';
import { goTo } from './navigate';

export type FormValues = Record<string, string>;
/** A field's message by its name; none for a field that is right. */
export type FormCheck = (values: FormValues) => Partial<Record<string, string>>;

type Options = {
  /** The form's rules. */
  check: FormCheck;
  /** What a valid submit does instead of loading the address (the staff app puts it in its router). */
  onApply?: (values: FormValues) => void;
};

/** The named fields' values as the address will carry them. */
function valuesOf(form: HTMLFormElement): FormValues {
  const values: FormValues = {};
  for (const [name, value] of new FormData(form)) values[name] = typeof value === 'string' ? value : '';
  return values;
}

function fieldsOf(form: HTMLFormElement): HTMLInputElement[] {
  return [...form.elements].filter((element): element is HTMLInputElement => 'name' in element && Boolean((element as HTMLInputElement).name));
}

/** Shows a field's message (or takes it away): Bootstrap's red border, aria-invalid, and the text under it, which aria-describedby names. */
export function showError(field: HTMLInputElement, message: string | undefined): void {
  const errorId = errorIdOf(field.id);
  const describedBy = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== errorId);
  let text = document.getElementById(errorId);
  field.classList.toggle('is-invalid', Boolean(message));
  field.setAttribute('aria-invalid', String(Boolean(message)));
  if (message) {
    if (!text) {
      text = document.createElement('div');
      text.className = 'invalid-feedback d-block';
      text.id = errorId;
      field.parentElement!.append(text);
    }
    text.textContent = message;
    describedBy.push(errorId);
  } else text?.remove();
  if (describedBy.length > 0) field.setAttribute('aria-describedby', describedBy.join(' '));
  else field.removeAttribute('aria-describedby');
}

/**
 * A public filter form (ARCHITECTURE.md, "Forms"): a plain `<form method="get">` whose fields carry the
 * names of the address's parameters, checked by the browser's own limits (minlength, pattern, min/max)
 * without a script. Here those checks give way to the form's rules (the Spanish messages under the
 * fields, focus on the first wrong one); errors show after the first submit and then follow what is
 * typed. A valid submit loads the address without its empty parameters, or calls `onApply`. «Hasta»
 * offers no day before «Desde».
 */
export function enhanceGetForm(form: HTMLFormElement, { check: rules, onApply }: Options): () => void {
  form.noValidate = true;
  let submitted = false;
  const refresh = () => {
    const errors = rules(valuesOf(form));
    for (const field of fieldsOf(form)) showError(field, errors[field.name]);
    return errors;
  };
  const from = form.elements.namedItem('from');
  const to = form.elements.namedItem('to');
  const followFrom = () => {
    if (from instanceof HTMLInputElement && to instanceof HTMLInputElement) to.min = from.value || from.min;
  };
  followFrom();
  // Back or forward to a page of results: the browser puts back what the fields held when the reader
  // left (or the whole page, from its cache), which is not the search these results are for.
  const showAddress = () => {
    form.reset();
    submitted = false;
  };
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  const cameBack = navigation?.type === 'back_forward';
  return all([
    // After the browser has put the fields back (it does so as the page loads), not before.
    listen(window, 'pageshow', (event) => {
      if (event.persisted || cameBack) showAddress();
    }),
    listen(form, 'submit', (event) => {
      event.preventDefault();
      submitted = true;
      const errors = refresh();
      const wrong = fieldsOf(form).find((field) => errors[field.name]);
      if (wrong) {
        wrong.focus();
        return;
      }
      const values = valuesOf(form);
      if (onApply) onApply(values);
      else {
        const query = new URLSearchParams(Object.entries(values).filter(([, value]) => value.trim() !== ''));
        const action = new URL(form.action, window.location.href);
        goTo(`${action.pathname}${query.size > 0 ? `?${query}` : ''}`);
      }
    }),
    listen(form, 'input', () => {
      followFrom();
      if (submitted) refresh();
    }),
    listen(form, 'reset', () => {
      submitted = false;
      // The fields take their first values after this event: clear what they showed, then follow them.
      window.setTimeout(() => {
        for (const field of fieldsOf(form)) showError(field, undefined);
        followFrom();
      });
    }),
  ]);
}

/** The server-rendered forms' enhancer (data-enhance="get-form"), with the rules their data-check attribute names. */
export function filterFormEnhancer(checks: Record<string, FormCheck>): Enhancer<HTMLFormElement> {
  return (form) => {
    const check = checks[form.dataset.check ?? ''];
    if (!check) throw new Error(`No form check named "${form.dataset.check}".`);
    return enhanceGetForm(form, { check });
  };
}
