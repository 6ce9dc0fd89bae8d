/** The id of a field's error text, for aria-describedby. */
export const errorIdOf = (fieldId: string) => `${fieldId}-error`;

/** A field's error text under it, always displayed when there is one. */
export function FieldError({ fieldId, error }: { fieldId: string; error: string[] | undefined }) {
  if (!error?.length) return null;
  return (
    <div className="invalid-feedback d-block" id={errorIdOf(fieldId)}>
      {error.join(' ')}
    </div>
  );
}
