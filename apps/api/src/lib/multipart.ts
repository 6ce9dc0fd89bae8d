import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError, ValidationFailed } from './errors.js';

export const MAX_PDF_BYTES = 20 * 1024 * 1024;

export interface MultipartForm {
  /** Text fields; `name[]` and `name[3]` collect into arrays under `name`. */
  fields: Record<string, string | string[]>;
  /** Each file field: its bytes, or `null` when sent empty (meaning "remove"). Absent when not sent. */
  files: Record<string, Buffer | null>;
}

/**
 * Reads a multipart form into memory with limits: only the named file fields are accepted, each at
 * most `maxFileBytes`. Anything else that looks like a file is refused with 422.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: {
    fileFields: readonly string[];
    maxFileBytes?: number;
    tooLargeMessage?: string;
    /** Largest text field (64 KB by default); a longer one gets 413 with `fieldTooLargeMessage`. */
    maxFieldBytes?: number;
    fieldTooLargeMessage?: string;
  },
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new ValidationFailed({ body: ['El formulario debe enviarse como multipart/form-data.'] });
  }
  const maxFileBytes = options.maxFileBytes ?? MAX_PDF_BYTES;
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxFileBytes, files: options.fileFields.length, fields: 400, fieldSize: options.maxFieldBytes ?? 64 * 1024, parts: 500 },
    })) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (!options.fileFields.includes(name)) {
          part.file.resume();
          throw ValidationFailed.field(name, 'Este campo no admite archivos.');
        }
        const content = await part.toBuffer();
        form.files[name] = content.length === 0 ? null : content;
        continue;
      }
      // A field cut at the size limit would be stored half: refuse it instead.
      if (part.valueTruncated) throw new HttpError(413, options.fieldTooLargeMessage ?? 'Un campo del formulario es demasiado largo.');
      const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      if (options.fileFields.includes(name)) {
        // An empty text value in a file field means "remove the file" (spec 7.3).
        if (value === '' || value === 'null') form.files[name] = null;
        continue;
      }
      const arrayMatch = name.match(/^(.+)\[(\d*)\]$/);
      if (arrayMatch?.[1]) {
        const list = form.fields[arrayMatch[1]];
        form.fields[arrayMatch[1]] = Array.isArray(list) ? [...list, value] : [value];
      } else {
        form.fields[name] = value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, options.tooLargeMessage ?? `El archivo supera el tamaño máximo de ${Math.round(maxFileBytes / 1024 / 1024)} MB.`);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new ValidationFailed({ body: ['El formulario tiene demasiados campos o archivos.'] });
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || (error as Error).message?.includes('Unexpected end of form')) {
      throw new ValidationFailed({ body: ['El formulario enviado está incompleto o dañado.'] });
    }
    throw error;
  }
  return form;
}
