import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The one way a form is built (ARCHITECTURE.md, "Forms"): react-hook-form checked by a zod schema of
 * @concejo/contracts (or one made from it), so the form says what the API would say before the round
 * trip. Errors show after the first submit and then follow the field as it is typed: an error clears
 * the moment its field is corrected, a new one appears as soon as it is made.
 *
 * @example
 *   const form = useZodForm(forgotPasswordRequestSchema, { defaultValues: { email: '' } });
 *   <Form noValidate onSubmit={form.handleSubmit(send)}>
 *     <Form.Control {...form.register('email')} {...invalidProps('email', form.formState.errors.email)} />
 *     <FieldError fieldId="email" error={form.formState.errors.email} />
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> & { defaultValues: DefaultValues<z.input<S>> },
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema),
  });
}
