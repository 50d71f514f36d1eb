import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { amountString, parseAmount } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { putLiveTable, type LiveTableRow } from './live-api';

const valuesOf = (table: LiveTableRow | null) => ({
  status: table?.status ?? 'open',
  bettingSeconds: table ? String(table.bettingMs / 1000) : '',
  minBet: table?.minBet ?? '',
  maxBet: table?.maxBet ?? '',
  sideMaxBet: table?.sideMaxBet ?? '',
  reason: '',
});

const minorOf = (text: string) => {
  const v = text.trim();
  if (!amountString.safeParse(v).success) return null;
  const minor = parseAmount(v, 2);
  return minor !== null && minor > 0n ? minor : null;
};

/**
 * A live table's state, betting time and limits in the merchant's currency, changed with a
 * reason (`PUT /ops/live/tables/:code`).
 */
export function LiveTableDialog({
  table,
  merchantCode,
  onClose,
  onSaved,
}: {
  table: LiveTableRow | null;
  merchantCode: string;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => {
    const amount = z.string().refine((v) => minorOf(v) !== null, t('games.live.amountInvalid'));
    return z
      .object({
        status: z.enum(['open', 'paused']),
        bettingSeconds: z
          .string()
          .refine(
            (v) => /^\d+$/.test(v) && Number(v) >= 5 && Number(v) <= 120,
            t('games.live.secondsInvalid'),
          ),
        minBet: amount,
        maxBet: amount,
        sideMaxBet: amount,
        reason: z
          .string()
          .trim()
          .min(10, t('common.reasonMin', { count: 10 })),
      })
      .refine((v) => (minorOf(v.maxBet) ?? 0n) >= (minorOf(v.minBet) ?? 0n), {
        path: ['maxBet'],
        message: t('games.live.maxBelowMin'),
      })
      .refine((v) => (minorOf(v.sideMaxBet) ?? 0n) >= (minorOf(v.minBet) ?? 0n), {
        path: ['sideMaxBet'],
        message: t('games.live.maxBelowMin'),
      });
  }, [t]);
  const form = useZodForm(schema, { defaultValues: valuesOf(table) });
  const { reset, register } = form;
  useEffect(() => {
    reset(valuesOf(table));
  }, [table, reset]);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    if (!table) return;
    try {
      await putLiveTable(table.code, {
        merchantCode,
        status: values.status,
        bettingSeconds: Number(values.bettingSeconds),
        minBet: values.minBet.trim(),
        maxBet: values.maxBet.trim(),
        sideMaxBet: values.sideMaxBet.trim(),
        reason: values.reason,
      });
      await onSaved();
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });
  const currency = table?.currency ?? '';
  return (
    <Dialog
      open={table !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('games.live.editTitle', { name: table?.name ?? '' })}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="live-table-edit">
        <Field label={t('games.live.status')} hint={t('games.live.statusHint')}>
          {({ id, describedBy }) => (
            <select
              id={id}
              className="input"
              aria-describedby={describedBy}
              {...register('status')}
            >
              <option value="open">{t('games.live.open')}</option>
              <option value="paused">{t('games.live.paused')}</option>
            </select>
          )}
        </Field>
        <TextField
          form={form}
          name="bettingSeconds"
          label={t('games.live.bettingSeconds')}
          inputMode="numeric"
        />
        <TextField
          form={form}
          name="minBet"
          label={t('games.live.minBetIn', { currency })}
          inputMode="decimal"
        />
        <TextField
          form={form}
          name="maxBet"
          label={t('games.live.maxBetIn', { currency })}
          inputMode="decimal"
        />
        <TextField
          form={form}
          name="sideMaxBet"
          label={t('games.live.sideMaxBetIn', { currency })}
          hint={t('games.live.sideHint')}
          inputMode="decimal"
        />
        <TextField form={form} name="reason" label={t('common.reason')} />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('games.live.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
