import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  amountString,
  bpsToRate,
  parseAmount,
  parseRate,
  trimDecimal,
  type OpsJackpotPoolPatch,
} from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { patchJackpotPool, type JackpotPool } from './catalogue-api';

const valuesOf = (pool: JackpotPool | null) => ({
  contribution: pool ? trimDecimal(bpsToRate(pool.contributionBps)) : '',
  hitOdds: pool?.hitOdds ?? '',
  status: pool?.status ?? ('active' as const),
  reason: '',
});

/** A pool's contribution, odds and status, changed with a reason (the seed is not the operator's). */
export function JackpotEditDialog({
  pool,
  name,
  onClose,
  onSaved,
}: {
  pool: JackpotPool | null;
  name: string;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({
        contribution: z.string().refine((v) => {
          const bps = parseRate(v.trim());
          return bps !== null && bps <= 1000;
        }, t('games.jackpots.contributionInvalid')),
        hitOdds: z
          .string()
          .trim()
          .refine(
            (v) => amountString.safeParse(v).success && (parseAmount(v, 2) ?? 0n) > 0n,
            t('games.jackpots.hitOddsInvalid'),
          ),
        status: z.enum(['active', 'closed']),
        reason: z
          .string()
          .trim()
          .min(10, t('common.reasonMin', { count: 10 })),
      }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: valuesOf(pool) });
  const { reset } = form;
  useEffect(() => {
    reset(valuesOf(pool));
  }, [pool, reset]);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    if (!pool) return;
    const patch: Omit<OpsJackpotPoolPatch, 'reason'> = {};
    const bps = parseRate(values.contribution.trim())!;
    if (bps !== pool.contributionBps) patch.contributionBps = bps;
    if (values.hitOdds !== pool.hitOdds) patch.hitOdds = values.hitOdds;
    if (values.status !== pool.status) patch.status = values.status;
    if (Object.keys(patch).length === 0) {
      form.setError('root.server', { message: t('games.catalogue.nothingChanged') });
      return;
    }
    try {
      await patchJackpotPool(pool.id, { ...patch, reason: values.reason });
      await onSaved();
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });

  const statusError = form.formState.errors.status?.message;
  return (
    <Dialog
      open={pool !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('games.jackpots.editTitle', { name })}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="jackpot-edit">
        <TextField
          form={form}
          name="contribution"
          label={t('games.jackpots.contribution')}
          hint={t('games.jackpots.contributionHint')}
          inputMode="decimal"
        />
        <TextField
          form={form}
          name="hitOdds"
          label={t('games.jackpots.hitOdds')}
          hint={t('games.jackpots.hitOddsHint', { currency: pool?.currency ?? '' })}
          inputMode="decimal"
        />
        <Field
          label={t('games.jackpots.status')}
          error={typeof statusError === 'string' ? statusError : undefined}
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              className="input"
              aria-describedby={describedBy}
              {...form.register('status')}
            >
              <option value="active">{t('games.jackpots.statuses.active')}</option>
              <option value="closed">{t('games.jackpots.statuses.closed')}</option>
            </select>
          )}
        </Field>
        <TextField form={form} name="reason" label={t('common.reason')} />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('games.jackpots.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
