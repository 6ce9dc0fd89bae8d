import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * What a file input (components/file-input.tsx) tells its form: a picked file becomes the field's value;
 * a file of the wrong type is dropped and its message shown until another file is picked. The field is
 * not checked again in that case: the schema's own message for an empty field ('Debe seleccionar…')
 * would arrive after, and replace, the one that says why the file was refused.
 */
export function filePicker<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'setValue' | 'setError' | 'clearErrors' | 'formState'>, name: Path<T>) {
  return (file: File | null, error: string | null) => {
    form.setValue(name, file as never, { shouldDirty: true, shouldValidate: !error && form.formState.isSubmitted });
    if (error) form.setError(name, { type: 'file', message: error });
    else if (!form.formState.isSubmitted) form.clearErrors(name);
  };
}
