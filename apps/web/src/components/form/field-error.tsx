import type { ReactNode } from 'react';
import { errorIdOf } from './field-ids';

/**
 * A field's error as the forms hold it: react-hook-form's `{ message }`, or a list of messages (the
 * widgets that keep their own, such as the file input and the multi-pick).
 */
export type FieldMessage = { message?: string } | readonly string[] | string | undefined | null;

/** The text of an error, or '' when there is none. */
export function messageOf(error: FieldMessage): string {
  if (!error) return '';
  if (typeof error === 'string') return error;
  if (Array.isArray(error)) return error.join(' ');
  return (error as { message?: string }).message ?? '';
}

export { errorIdOf };

/** aria-describedby for a field: its hint and its error, when present. */
export function describedBy(fieldId: string, error: FieldMessage, hintId?: string): string | undefined {
  return [hintId, messageOf(error) ? errorIdOf(fieldId) : undefined].filter(Boolean).join(' ') || undefined;
}

/**
 * What a control needs to tell it is wrong: Bootstrap's red border, aria-invalid and the link to its
 * error text. Spread on a react-bootstrap control: `<Form.Control {...invalidProps('x', errors.x)} />`.
 */
export function invalidProps(fieldId: string, error: FieldMessage, hintId?: string) {
  const invalid = messageOf(error) !== '';
  return { isInvalid: invalid, 'aria-invalid': invalid, 'aria-describedby': describedBy(fieldId, error, hintId) };
}

/**
 * The one error text under a field (Bootstrap's invalid-feedback, always displayed when there is one),
 * with the id `invalidProps` points to.
 */
export function FieldError({ fieldId, error }: { fieldId: string; error: FieldMessage }): ReactNode {
  const text = messageOf(error);
  if (!text) return null;
  return (
    <div className="invalid-feedback d-block" id={errorIdOf(fieldId)}>
      {text}
    </div>
  );
}

/** The error as a list of messages, for the widgets that take one (file input, list editor, pickers). */
export function listOf(error: FieldMessage): string[] | undefined {
  const text = messageOf(error);
  return text ? [text] : undefined;
}
