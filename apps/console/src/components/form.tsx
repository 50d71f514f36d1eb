import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { errorText } from '../lib/i18n';

/**
 * A react-hook-form form validated by a contract's zod schema (the same schema the server
 * checks the body with): `useZodForm(operatorEnrolRequest, { defaultValues })`.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}

/**
 * Puts a failed call's error on the form: each field the server named (`fields[].path`) under
 * its input, the rest as the form's own error (`errors.root.server`), in the catalogue's words.
 */
export function applyServerError<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues> | UseFormReturn<T, unknown, never>,
  error: unknown,
): void {
  const setError = form.setError as UseFormReturn<T>['setError'];
  if (error instanceof ApiError) {
    const known = new Set(Object.keys(form.getValues() as object));
    let placed = false;
    for (const issue of error.fields) {
      const field = issue.path.split('.')[0] ?? '';
      if (known.has(field)) {
        setError(field as Path<T>, { type: 'server', message: issue.message });
        placed = true;
      }
    }
    if (!placed) {
      setError('root.server', {
        type: error.errorCode,
        message: errorText(error.errorCode, error.message),
      });
    }
    return;
  }
  setError('root.server', {
    type: 'unknown',
    message: errorText('unknown', 'Something went wrong'),
  });
}

/** A labelled control with its error under it; the error is tied to the control for screen readers. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && !error && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text input bound to a form field: `<TextField form={form} name="username" label="…" />`. */
export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  options,
  ...input
}: {
  form:
    UseFormReturn<T, unknown, never> | UseFormReturn<T, unknown, FieldValues> | UseFormReturn<T>;
  name: Path<T>;
  label: string;
  hint?: string;
  /** react-hook-form's `register` options, e.g. `{ setValueAs }`. */
  options?: RegisterOptions<T, Path<T>>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'>) {
  const f = form as UseFormReturn<T>;
  const error = f.formState.errors[name]?.message;
  return (
    <Field
      label={label}
      error={typeof error === 'string' ? error : undefined}
      {...(hint ? { hint } : {})}
    >
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="input"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...input}
          {...f.register(name, options)}
        />
      )}
    </Field>
  );
}

/** The form's own error (from `applyServerError`), if any. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
