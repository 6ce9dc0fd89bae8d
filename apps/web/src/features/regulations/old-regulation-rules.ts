import { REGULATION_MESSAGES, oldRegulationFieldsSchema, regulationNumberSchema, regulationTypeSchema } from '@concejo/contracts';
import { z } from 'zod';
import { toFormData } from '../../components/form/form-data';

/**
 * The old-regulation form (spec 2.5.3, 5): the contract's fields of POST /old-regulations, under the
 * same names, with what a person leaves blank told in the spec's words, and the PDF beside them.
 */
export const oldRegulationFormSchema = oldRegulationFieldsSchema
  .extend({
    type: z.union([z.literal('').transform(() => undefined), regulationTypeSchema]).refine((type) => type !== undefined, { error: REGULATION_MESSAGES.typeRequired }),
    dem_type: z.string(),
    number: z
      .string()
      .trim()
      .min(1, { error: REGULATION_MESSAGES.numberRequired })
      .transform((text, ctx) => {
        const parsed = regulationNumberSchema.safeParse(text);
        if (parsed.success) return parsed.data;
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
        return z.NEVER;
      }),
    pdf: z.custom<File | null>().refine((file) => file instanceof File, { error: REGULATION_MESSAGES.pdfRequired }),
  })
  .refine((values) => values.type !== 'dem-message' || values.dem_type !== '', { path: ['dem_type'], error: REGULATION_MESSAGES.demTypeRequired });

export type OldRegulationValues = z.input<typeof oldRegulationFormSchema>;
export type OldRegulation = z.output<typeof oldRegulationFormSchema>;

export const EMPTY_OLD_REGULATION: OldRegulationValues = { date: '', type: '', dem_type: '', number: '', keywords: [], pdf: null };

/** The multipart body of POST /old-regulations: lists as `name[]`, the PDF as a file. */
export function toOldRegulationFormData(values: OldRegulation): FormData {
  return toFormData({ ...values, dem_type: values.type === 'dem-message' ? values.dem_type : undefined });
}
