import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { registrationPatterns, type OpsFieldRule } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { reasonMin, updateFieldRule } from './settings-api';

const length = z.coerce.number<string | number>().int().min(0).max(4096);

/** The rule form: lengths in order and within the field's own limit, a known pattern, a reason. */
export function fieldRuleFormSchema(hardMax: number) {
  return z
    .object({
      enabled: z.boolean(),
      required: z.boolean(),
      minLength: length,
      maxLength: length
        .refine((n) => n >= 1, 'At least 1')
        .refine((n) => n <= hardMax, {
          message: `At most ${hardMax} for this field`,
        }),
      patternId: z.coerce
        .number<string | number>()
        .int()
        .refine((id) => registrationPatterns.some((p) => p.id === id), 'Choose a pattern'),
      reason: z.string().trim().min(reasonMin).max(500),
    })
    .refine((v) => v.minLength <= v.maxLength, {
      path: ['minLength'],
      message: 'The minimum must not exceed the maximum',
    })
    .refine((v) => !v.required || v.enabled, {
      path: ['required'],
      message: 'A field that is off cannot be required',
    });
}

const valuesOf = (rule: OpsFieldRule) => ({
  enabled: rule.enabled,
  required: rule.required,
  minLength: rule.minLength,
  maxLength: rule.maxLength,
  patternId: rule.patternId,
  reason: '',
});

/** One field's rule (`PUT /ops/system/register-rules/:field`): on, required, lengths, pattern. */
export function FieldRuleDialog({
  merchantCode,
  rule,
  onClose,
  onSaved,
}: {
  merchantCode: string;
  rule: OpsFieldRule;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(fieldRuleFormSchema(rule.hardMax), { defaultValues: valuesOf(rule) });
  const { register, formState, reset, watch } = form;
  useEffect(() => reset(valuesOf(rule)), [rule, reset]);
  const busy = formState.isSubmitting;
  const patternId = Number(watch('patternId'));
  const pattern = registrationPatterns.find((p) => p.id === patternId);

  const submit = form.handleSubmit(async (values) => {
    try {
      await updateFieldRule(rule.field, { merchantCode, ...values });
      await onSaved();
      onClose();
    } catch (failure) {
      applyServerError(form, failure);
    }
  });

  const check = (name: 'enabled' | 'required') => (
    <div className="field">
      <label className="inline-label">
        <input type="checkbox" {...register(name)} /> {t(`system.rules.${name}`)}
      </label>
      {formState.errors[name]?.message && (
        <p className="field-error" role="alert">
          {formState.errors[name]?.message}
        </p>
      )}
    </div>
  );

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !busy && onClose()}
      title={t('system.rules.editTitle', { field: rule.field })}
      description={t('system.rules.editDescription', { merchant: merchantCode })}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="field-rule-form">
        {check('enabled')}
        {check('required')}
        <TextField
          form={form}
          name="minLength"
          type="number"
          min={0}
          label={t('system.rules.minLength')}
        />
        <TextField
          form={form}
          name="maxLength"
          type="number"
          min={1}
          max={rule.hardMax}
          label={t('system.rules.maxLength')}
          hint={t('system.rules.hardMax', { count: rule.hardMax })}
        />
        <Field
          label={t('system.rules.pattern')}
          error={formState.errors.patternId?.message}
          hint={pattern?.source ?? t('system.rules.anyCharacters')}
        >
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className="input"
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...register('patternId')}
            >
              {registrationPatterns.map((p) => (
                <option key={p.id} value={p.id}>
                  {t(`system.patterns.${p.kind}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          form={form}
          name="reason"
          label={t('common.reason')}
          hint={t('common.reasonMin', { count: reasonMin })}
        />
        <FormError message={formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('system.rules.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
