import type { InputHTMLAttributes, ReactNode } from 'react';
import {
  get,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { Field } from '../../components/form';

/** The message of a (possibly nested) field's error. */
export function errorOf(errors: FieldErrors, name: string): string | undefined {
  const message: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** A text input for a nested field name (`rules.cap`), its error under it. */
export function Input<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  ...input
}: {
  form: UseFormReturn<T, unknown, never> | UseFormReturn<T, unknown, FieldValues>;
  name: Path<T>;
  label: string;
  hint?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'>) {
  const f = form as unknown as UseFormReturn<T>;
  return (
    <Field label={label} error={errorOf(f.formState.errors, name)} {...(hint ? { hint } : {})}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="input"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...input}
          {...f.register(name)}
        />
      )}
    </Field>
  );
}

/** A select for a form field. */
export function Select<T extends FieldValues>({
  form,
  name,
  label,
  options,
  disabled,
}: {
  form: UseFormReturn<T, unknown, never> | UseFormReturn<T, unknown, FieldValues>;
  name: Path<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
}) {
  const f = form as unknown as UseFormReturn<T>;
  return (
    <Field label={label} error={errorOf(f.formState.errors, name)}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className="input"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          {...f.register(name)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A multi-line text input for a form field. */
export function TextArea<T extends FieldValues>({
  form,
  name,
  label,
  rows = 3,
}: {
  form: UseFormReturn<T, unknown, never> | UseFormReturn<T, unknown, FieldValues>;
  name: Path<T>;
  label: string;
  rows?: number;
}) {
  const f = form as unknown as UseFormReturn<T>;
  return (
    <Field label={label} error={errorOf(f.formState.errors, name)}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          className="input"
          rows={rows}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...f.register(name)}
        />
      )}
    </Field>
  );
}

/** A labelled check box for a boolean form field. */
export function Check<T extends FieldValues>({
  form,
  name,
  label,
}: {
  form: UseFormReturn<T, unknown, never> | UseFormReturn<T, unknown, FieldValues>;
  name: Path<T>;
  label: ReactNode;
}) {
  const f = form as unknown as UseFormReturn<T>;
  return (
    <label className="check-field">
      <input type="checkbox" {...f.register(name)} /> {label}
    </label>
  );
}

/** Puts `{field: message}` into react-hook-form's nested error shape. */
export function nestErrors(flat: Record<string, string>): FieldErrors {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = out;
    keys.slice(0, -1).forEach((k) => {
      node[k] ??= {};
      node = node[k] as Record<string, unknown>;
    });
    node[keys.at(-1)!] = { type: 'validate', message };
  }
  return out as FieldErrors;
}
