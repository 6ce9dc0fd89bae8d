/**
 * A multipart body as the API reads it (apps/api lib/multipart.ts): a list goes as repeated `name[]`,
 * a file as a file, `''` as an empty value (a file field sent empty means "remove"); undefined and
 * null are left out.
 */
export function toFormData(fields: Record<string, string | number | readonly (string | number)[] | File | null | undefined>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) data.append(`${name}[]`, String(item));
    else if (value instanceof File) data.append(name, value);
    else data.append(name, String(value));
  }
  return data;
}
