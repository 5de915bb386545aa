import type { InputHTMLAttributes, ReactNode } from 'react';
import { get, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { FormField } from './form-field';
import { Input } from './input';
import { PasswordInput } from './password-input';

interface FormInputProps<T extends FieldValues, TContext, TOutput> extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'form'
> {
  /** The react-hook-form form the input is registered with (its `useForm()` answer). */
  form: UseFormReturn<T, TContext, TOutput>;
  name: Path<T>;
  label: ReactNode;
  hint?: ReactNode;
  /** A password field, with its show/hide toggle. */
  password?: boolean;
}

/** A text input registered with a form, in its labelled FormField with the field's validation message. */
export function FormInput<T extends FieldValues, TContext, TOutput>({
  form,
  name,
  label,
  hint,
  password,
  type,
  ...props
}: FormInputProps<T, TContext, TOutput>) {
  const error = get<typeof form.formState.errors, FieldError | undefined>(form.formState.errors, name);
  return (
    <FormField label={label} error={error?.message} hint={hint}>
      {password ? (
        <PasswordInput {...props} {...form.register(name)} />
      ) : (
        <Input type={type} {...props} {...form.register(name)} />
      )}
    </FormField>
  );
}
