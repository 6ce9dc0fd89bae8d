/** The id of a field's error text, for aria-describedby (a module without JSX: the pages' script uses it too). */
export const errorIdOf = (fieldId: string) => `${fieldId}-error`;
