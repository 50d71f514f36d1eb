import { useEffect } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractKinds, opsGrantContractSchema, type ContractKindName } from '@taya/contracts';
import { z } from 'zod';
import { Dialog } from '../../components/dialog';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { grantContract } from './api';

/** The grant's body as the server checks it, with the reason the console always asks for. */
export const grantFormSchema = opsGrantContractSchema.extend({
  reason: z.string().trim().min(3).max(500),
});

const periods = ['D', 'W', 'H', 'M'] as const;
const emptyTier = { rate: '', minActiveMembers: 0, minPeriodBet: '0' };

const valuesOf = (merchantCode: string, agentId: string, kind: ContractKindName) => ({
  merchantCode,
  agentId,
  kind,
  period: kind === 'dividend' ? ('W' as const) : undefined,
  tiers: [emptyTier],
  reason: '',
});

/**
 * Grants a top agent its own contract with the operator (`POST /ops/agents/contracts`): kind,
 * dividend period, up to ten tiers (rate %, active members and period bet to reach it) and a
 * reason; it replaces the agent's active contract of that kind.
 */
export function GrantContractDialog({
  open,
  merchantCode,
  agentId,
  username,
  kind,
  onClose,
  onGranted,
}: {
  open: boolean;
  merchantCode: string;
  agentId: string;
  username: string;
  kind: ContractKindName;
  onClose: () => void;
  onGranted: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(grantFormSchema, {
    defaultValues: valuesOf(merchantCode, agentId, kind),
  });
  const { reset, control, register, watch, formState } = form;
  const tiers = useFieldArray({ control, name: 'tiers' });
  useEffect(() => {
    if (open) reset(valuesOf(merchantCode, agentId, kind));
  }, [open, merchantCode, agentId, kind, reset]);
  const busy = formState.isSubmitting;
  const chosen = watch('kind');

  const submit = form.handleSubmit(async (values) => {
    try {
      await grantContract({
        ...values,
        period: values.kind === 'dividend' ? values.period : undefined,
      });
      await onGranted();
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });

  const tierError = (i: number, key: 'rate' | 'minActiveMembers' | 'minPeriodBet') => {
    const message = formState.errors.tiers?.[i]?.[key]?.message;
    return typeof message === 'string' ? message : undefined;
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      title={t('agents.grant.title', { username })}
      description={t('agents.grant.description')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="grant-form">
        <Field label={t('agents.grant.kind')} error={formState.errors.kind?.message}>
          {({ id, describedBy }) => (
            <select id={id} className="input" aria-describedby={describedBy} {...register('kind')}>
              {contractKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`agents.kinds.${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {chosen === 'dividend' && (
          <Field label={t('agents.grant.period')} error={formState.errors.period?.message}>
            {({ id, describedBy }) => (
              <select
                id={id}
                className="input"
                aria-describedby={describedBy}
                {...register('period')}
              >
                {periods.map((p) => (
                  <option key={p} value={p}>
                    {t(`agents.periods.${p}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {tiers.fields.map((field, i) => (
          <fieldset key={field.id} className="card" data-testid="grant-tier">
            <legend>{t('agents.grant.tier', { n: i + 1 })}</legend>
            <Field
              label={t('agents.grant.rate')}
              error={tierError(i, 'rate')}
              hint={t('agents.grant.rateHint')}
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  className="input"
                  inputMode="decimal"
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  {...register(`tiers.${i}.rate`)}
                />
              )}
            </Field>
            <Field
              label={t('agents.grant.minActiveMembers')}
              error={tierError(i, 'minActiveMembers')}
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  className="input"
                  inputMode="numeric"
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  {...register(`tiers.${i}.minActiveMembers`, { valueAsNumber: true })}
                />
              )}
            </Field>
            <Field label={t('agents.grant.minPeriodBet')} error={tierError(i, 'minPeriodBet')}>
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  className="input"
                  inputMode="decimal"
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  {...register(`tiers.${i}.minPeriodBet`)}
                />
              )}
            </Field>
            {tiers.fields.length > 1 && (
              <button type="button" className="btn btn-small" onClick={() => tiers.remove(i)}>
                {t('agents.grant.removeTier', { n: i + 1 })}
              </button>
            )}
          </fieldset>
        ))}
        {tiers.fields.length < 10 && (
          <p>
            <button type="button" className="btn btn-small" onClick={() => tiers.append(emptyTier)}>
              {t('agents.grant.addTier')}
            </button>
          </p>
        )}
        <TextField form={form} name="reason" label={t('common.reason')} />
        <FormError
          message={formState.errors.root?.server?.message ?? formState.errors.tiers?.message}
        />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('agents.grant.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
