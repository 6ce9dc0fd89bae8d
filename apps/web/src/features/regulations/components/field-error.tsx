import type { ReactNode } from 'react';

/** The id of a field's error text, for aria-describedby. */
export const errorIdOf = (fieldId: string) => `${fieldId}-error`;

/** aria-describedby for a field: its hint and its error, when present. */
export function describedBy(fieldId: string, error: string[] | undefined, hintId?: string): string | undefined {
  return [hintId, error?.length ? errorIdOf(fieldId) : undefined].filter(Boolean).join(' ') || undefined;
}

/** A field's error text under it (Bootstrap's invalid-feedback, always displayed when there is one). */
export function FieldError({ fieldId, error }: { fieldId: string; error: string[] | undefined }): ReactNode {
  if (!error?.length) return null;
  return (
    <div className="invalid-feedback d-block" id={errorIdOf(fieldId)}>
      {error.join(' ')}
    </div>
  );
}
