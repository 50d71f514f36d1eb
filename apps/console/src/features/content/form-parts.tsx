import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { useOperator } from '../../auth/operator-context';
import { Badge } from '../../components/display';
import { Field, TextField } from '../../components/form';
import { isoToLocalInput, localInputToIso } from '../../lib/format';
import { fetchLanguages } from './api';
import './content.css';

/** The merchant the console works on, and the languages its content is written in. */
export function useContentLanguages() {
  const merchantCode = useOperator().operator?.merchantCode ?? '';
  const query = useQuery({
    queryKey: ['ops', 'content', 'languages', merchantCode],
    queryFn: ({ signal }) => fetchLanguages(merchantCode, signal),
    enabled: merchantCode !== '',
    staleTime: 5 * 60_000,
  });
  return { merchantCode, languages: query.data?.languages ?? ['en'] };
}

/** Texts per language left empty are not texts: dropped before the contract checks the body. */
export function withoutEmptyTexts<S extends z.ZodType>(schema: S, keys: readonly string[]): S {
  return z.preprocess((value) => {
    if (!value || typeof value !== 'object') return value;
    const out = { ...(value as Record<string, unknown>) };
    for (const key of keys) {
      const texts = out[key];
      if (texts && typeof texts === 'object')
        out[key] = Object.fromEntries(
          Object.entries(texts as Record<string, string>).filter(
            ([, text]) => typeof text === 'string' && text.trim() !== '',
          ),
        );
    }
    return out;
  }, schema) as unknown as S;
}

/** The first text of a per-language record, English first. */
export const textOf = (texts: Record<string, string>) => texts.en ?? Object.values(texts)[0] ?? '';

type AnyForm<T extends FieldValues> =
  UseFormReturn<T, unknown, never> | UseFormReturn<T, unknown, FieldValues> | UseFormReturn<T>;

const errorAt = (errors: unknown, path: string): string | undefined => {
  let node = errors as Record<string, unknown> | undefined;
  for (const part of path.split('.')) node = node?.[part] as Record<string, unknown> | undefined;
  const message = node?.message;
  return typeof message === 'string' ? message : undefined;
};

/**
 * Per-language texts (`title.en`, `content.ty`, …) in one tab per language of the merchant;
 * English is required, the others optional.
 */
export function LocalisedFields<T extends FieldValues>({
  form,
  languages,
  fields,
}: {
  form: AnyForm<T>;
  languages: readonly string[];
  fields: readonly { name: string; label: string; multiline?: boolean; rows?: number }[];
}) {
  const { t } = useTranslation();
  const [lang, setLang] = useState(languages[0] ?? 'en');
  const f = form as UseFormReturn<T>;
  const errors = f.formState.errors;
  return (
    <fieldset className="content-languages">
      <legend>{t('content.form.texts')}</legend>
      <div role="tablist" aria-label={t('content.form.languages')} className="page-actions">
        {languages.map((code) => {
          const bad = fields.some((field) => errorAt(errors, `${field.name}.${code}`));
          return (
            <button
              key={code}
              type="button"
              role="tab"
              aria-selected={lang === code}
              className={lang === code ? 'btn btn-small btn-primary' : 'btn btn-small btn-ghost'}
              onClick={() => setLang(code)}
            >
              {code.toUpperCase()}
              {code === 'en' ? ' *' : ''}
              {bad ? ' !' : ''}
            </button>
          );
        })}
      </div>
      {languages.map((code) => (
        <div key={code} role="tabpanel" aria-label={code.toUpperCase()} hidden={code !== lang}>
          {fields.map((field) => {
            const name = `${field.name}.${code}` as Path<T>;
            const label = `${field.label} (${code.toUpperCase()})`;
            const error =
              errorAt(errors, `${field.name}.${code}`) ??
              (code === 'en' ? errorAt(errors, field.name) : undefined);
            return (
              <Field key={name} label={label} error={error}>
                {({ id, describedBy, invalid }) =>
                  field.multiline ? (
                    <textarea
                      id={id}
                      className="input"
                      rows={field.rows ?? 5}
                      aria-invalid={invalid || undefined}
                      aria-describedby={describedBy}
                      {...f.register(name)}
                    />
                  ) : (
                    <input
                      id={id}
                      className="input"
                      aria-invalid={invalid || undefined}
                      aria-describedby={describedBy}
                      {...f.register(name)}
                    />
                  )
                }
              </Field>
            );
          })}
        </div>
      ))}
    </fieldset>
  );
}

/** An ISO instant edited in local time; empty is "not set". */
export function DateTimeField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
}: {
  form: AnyForm<T>;
  name: Path<T>;
  label: string;
  hint?: string;
}) {
  const f = form as UseFormReturn<T>;
  const value = f.watch(name) as string | null | undefined;
  return (
    <Field label={label} error={errorAt(f.formState.errors, name)} {...(hint ? { hint } : {})}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="datetime-local"
          className="input"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          value={isoToLocalInput(value ?? undefined)}
          onChange={(event) =>
            f.setValue(name, (localInputToIso(event.target.value) ?? null) as never, {
              shouldDirty: true,
            })
          }
        />
      )}
    </Field>
  );
}

/** The reason every write carries into the audit log. */
export function ReasonField<T extends FieldValues>({ form }: { form: AnyForm<T> }) {
  const { t } = useTranslation();
  return (
    <TextField
      form={form as UseFormReturn<T>}
      name={'reason' as Path<T>}
      label={t('content.form.reason')}
      hint={t('content.form.reasonHint')}
      data-testid="content-reason"
    />
  );
}

/** Live, scheduled or ended. */
export function StateBadge({
  state,
}: {
  state: 'live' | 'scheduled' | 'ended' | 'draft' | 'published';
}) {
  const { t } = useTranslation();
  const tone =
    state === 'live' || state === 'published' ? 'good' : state === 'scheduled' ? 'info' : 'neutral';
  return <Badge tone={tone}>{t(`content.states.${state}`)}</Badge>;
}

/** A checkbox bound to a boolean field. */
export function CheckField<T extends FieldValues>({
  form,
  name,
  label,
}: {
  form: AnyForm<T>;
  name: Path<T>;
  label: string;
}) {
  const f = form as UseFormReturn<T>;
  return (
    <div className="field">
      <label className="checkbox">
        <input type="checkbox" {...f.register(name)} /> {label}
      </label>
    </div>
  );
}

/** A select bound to a field, with its options. */
export function SelectField<T extends FieldValues>({
  form,
  name,
  label,
  options,
  nullable = false,
}: {
  form: AnyForm<T>;
  name: Path<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  /** The empty option stands for null. */
  nullable?: boolean | string;
}): ReactNode {
  const f = form as UseFormReturn<T>;
  return (
    <Field label={label} error={errorAt(f.formState.errors, name)}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className="input"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...f.register(
            name,
            nullable ? { setValueAs: (v: string) => (v === '' ? null : v) } : {},
          )}
        >
          {nullable && <option value="">{typeof nullable === 'string' ? nullable : '—'}</option>}
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
