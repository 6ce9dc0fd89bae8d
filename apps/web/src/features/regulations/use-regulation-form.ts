import { REGULATION_FORM_FIELDS, type RegulationDetail, type RegulationFormField, type RegulationMode, type Role } from '@concejo/contracts';
import { useMemo } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { FieldMessage } from '../../components/form/field-error';
import { filePicker } from '../../components/form/file-picker';
import { applyServerErrors, invalidSubmitMessages } from '../../components/form/server-errors';
import { useZodForm } from '../../components/form/use-zod-form';
import { FORM_NAME_OF, LINK_FORM_NAME_OF, formLayout, type RegulationFormValues } from './form-rules';
import { regulationFormSchema } from './form-schema';

export type RegulationFieldErrors = Partial<Record<RegulationFormField, FieldMessage>>;

/**
 * The regulation form's state (create and update): react-hook-form with the schema made from the
 * contracts' rules for this role, the layout those rules give for the current choice, the errors by
 * the API's field names, and `onChange`, which applies a choice and its consequences (withType etc.)
 * and, once the form was submitted, checks the fields it touched again, so errors clear as they are fixed.
 */
export function useRegulationForm(options: { role: Role; mode: RegulationMode; ownName: string; initial: RegulationFormValues; detail?: RegulationDetail }) {
  const { role, mode, ownName, initial, detail } = options;
  const schema = useMemo(() => regulationFormSchema(role, mode, ownName, detail), [role, mode, ownName, detail]);
  const form = useZodForm(schema, { defaultValues: initial });
  const values = form.watch() as RegulationFormValues;
  const layout = formLayout(role, values, mode, ownName);
  const formErrors = form.formState.errors as FieldErrors<RegulationFormValues>;
  const errors: RegulationFieldErrors = Object.fromEntries(REGULATION_FORM_FIELDS.map((field) => [field, formErrors[FORM_NAME_OF[field]]]));

  const onChange = (update: (current: RegulationFormValues) => RegulationFormValues) => {
    const current = form.getValues() as RegulationFormValues;
    const next = update(current);
    for (const key of Object.keys(next) as (keyof RegulationFormValues)[]) {
      if (next[key] !== current[key]) form.setValue(key, next[key] as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    }
  };

  /** A file picked for a PDF field, or refused by its input (with the input's own message). */
  const onPickFile = (field: 'pdf_process' | 'pdf_approved', file: File | null, error: string | null) => filePicker(form, FORM_NAME_OF[field])(file, error);

  /** A failed save: its 422 messages under their fields (a link kind's under its list); returns every message for the alert. */
  const showServerErrors = (error: unknown) => applyServerErrors(error, form.setError, [], { ...LINK_FORM_NAME_OF, ...FORM_NAME_OF }).messages;

  return { form, values, layout, errors, onChange, onPickFile, messagesOf: invalidSubmitMessages, showServerErrors };
}
