import { REGULATION_MESSAGES, cleanList, oldRegulationFieldsSchema, type DemType, type RegulationType } from '@concejo/contracts';
import type { FormErrors } from './form-rules';

export type OldRegulationValues = {
  date: string;
  type: RegulationType | '';
  demType: DemType | '';
  number: string;
  keywords: string[];
  pdf: File | null;
};

export const EMPTY_OLD_REGULATION: OldRegulationValues = { date: '', type: '', demType: '', number: '', keywords: [], pdf: null };

function fieldsOf(values: OldRegulationValues): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = { date: values.date, type: values.type, number: values.number.trim(), keywords: cleanList(values.keywords) };
  if (values.type === 'dem-message' && values.demType) fields.dem_type = values.demType;
  return fields;
}

/** The checks of spec 5 (old regulation) before POST /old-regulations; the API repeats them. */
export function validateOldRegulation(values: OldRegulationValues): FormErrors {
  const errors: FormErrors = {};
  const parsed = oldRegulationFieldsSchema.safeParse(fieldsOf(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'date');
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
  }
  if (!values.type) errors.type = ['Debe seleccionar el tipo de normativa.'];
  if (!values.number.trim()) errors.number = [REGULATION_MESSAGES.numberRequired];
  if (values.type === 'dem-message' && !values.demType) errors.dem_type = [REGULATION_MESSAGES.demTypeRequired];
  if (!values.pdf) errors.pdf = [REGULATION_MESSAGES.pdfRequired];
  return errors;
}

export function toOldRegulationFormData(values: OldRegulationValues): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fieldsOf(values))) {
    if (Array.isArray(value)) for (const item of value) data.append(`${name}[]`, item);
    else data.append(name, value);
  }
  if (values.pdf) data.append('pdf', values.pdf);
  return data;
}
