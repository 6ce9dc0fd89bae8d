import { minimalPdf } from '../lib/minimal-pdf.js';

export type FormValue = string | number | readonly (string | number)[];

/** A multipart body as the web forms send it: `name[]` for lists, files as PDF blobs, '' to remove a file. */
export function multipartForm(fields: Record<string, FormValue | undefined>, files: Record<string, Buffer | ''> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) data.append(`${name}[]`, String(item));
    else data.append(name, String(value));
  }
  for (const [name, content] of Object.entries(files)) {
    if (content === '') data.append(name, '');
    else data.append(name, new Blob([new Uint8Array(content)], { type: 'application/pdf' }), `${name}.pdf`);
  }
  return data;
}

export const samplePdf = (text = 'Texto de la normativa') => minimalPdf([text]);
