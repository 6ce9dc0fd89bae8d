import {
  REGULATION_MESSAGES,
  applyDefaults,
  cleanList,
  regulationNumberSchema,
  subjectSchema,
  validateDraft,
  type RegulationDetail,
  type RegulationFormField,
  type RegulationMode,
  type LinkedRegulationRef,
  type RegulationType,
  type Role,
} from '@concejo/contracts';
import { z } from 'zod';
import { FORM_NAME_OF, formLayout, type RegulationFormLayout, type RegulationFormValues } from './form-rules';

/** The number as typed: empty, or the contract's positive integer. */
const numberText = z.string().refine((text) => text.trim() === '' || regulationNumberSchema.safeParse(text.trim()).success, {
  error: (issue) => regulationNumberSchema.safeParse(String(issue.input).trim()).error?.issues[0]?.message ?? 'El número no es válido.',
});

/**
 * The schema react-hook-form checks (useZodForm): the field formats of the contract, then the rules of
 * spec 5 exactly as the API applies them (validateDraft on the draft this form would send), each
 * message under its field. `detail`: the regulation being modified.
 */
export function regulationFormSchema(role: Role, mode: RegulationMode, ownName: string, detail?: RegulationDetail) {
  return z
    .object({
      creationDate: z.string(),
      type: z.string().refine((type) => type !== '', { error: REGULATION_MESSAGES.typeRequired }),
      demType: z.string(),
      number: numberText,
      authorType: z.string(),
      authors: z.array(z.string()),
      state: z.enum(['process', 'approved']),
      keywords: z.array(z.string()),
      subject: subjectSchema,
      modifies: z.array(z.custom<LinkedRegulationRef>()),
      modifiedBy: z.array(z.custom<LinkedRegulationRef>()),
      pdfProcess: z.custom<File | null>(),
      pdfApproved: z.custom<File | null>(),
      removePdfProcess: z.boolean(),
      removePdfApproved: z.boolean(),
    })
    .superRefine((raw, ctx) => {
      const values = raw as RegulationFormValues;
      if (!values.type) return;
      const layout = formLayout(role, values, mode, ownName);
      const errors = validateDraft(toDraft(values, layout, role, mode, ownName, detail), { role, mode, selfId: detail?.id });
      for (const [field, messages] of Object.entries(errors) as [RegulationFormField, string[]][]) {
        for (const message of messages) ctx.addIssue({ code: 'custom', path: [FORM_NAME_OF[field]], message });
      }
    });
}

/** The regulation this form would save, in the shape the rules read. */
function toDraft(values: RegulationFormValues, layout: RegulationFormLayout, role: Role, mode: RegulationMode, ownName: string, detail?: RegulationDetail) {
  // Not offered (a concejal's form), the stored number stays while the norm stays approved.
  const typed = values.number.trim() ? Number(values.number.trim()) : null;
  // A state the role does not choose is the stored one (update) or "en proceso" (create).
  const state = layout.state === 'editable' ? values.state : (detail?.state ?? 'process');
  const number = layout.number ? typed : state === 'approved' ? (detail?.number ?? null) : null;
  const stored = (url: string | null | undefined, removed: boolean) => Boolean(url) && !removed;
  return applyDefaults(
    {
      type: values.type as RegulationType,
      demType: values.demType || null,
      number,
      authorType: values.authorType || null,
      authors: cleanList(values.authors),
      state,
      keywords: cleanList(values.keywords),
      subject: values.subject.trim(),
      hasProcessPdf: values.pdfProcess !== null || stored(detail?.pdf_process, values.removePdfProcess),
      hasApprovedPdf: values.pdfApproved !== null || stored(detail?.pdf_approved, values.removePdfApproved),
      modifies: values.modifies.map((norm) => norm.id),
      modifiedBy: values.modifiedBy.map((norm) => norm.id),
    },
    role,
    mode,
    ownName,
  );
}

