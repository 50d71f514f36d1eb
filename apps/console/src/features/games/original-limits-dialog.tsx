import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  amountString,
  bpsToRate,
  originalRtpRange,
  parseAmount,
  parseRate,
  trimDecimal,
} from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { putOriginalLimits, referenceRtp, type OriginalLimit } from './originals-api';

const valuesOf = (game: OriginalLimit | null) => ({
  minBet: game?.minBet ?? '',
  maxBet: game?.maxBet ?? '',
  maxProfit: game?.maxProfit ?? '',
  rtp: game ? trimDecimal(bpsToRate(game.rtpBps)) : '',
  reason: '',
});

/** Basis points of a typed rate when it is in the allowed range, else null. */
const rtpBpsOf = (text: string) => {
  const bps = parseRate(text.trim());
  return bps !== null && bps >= originalRtpRange.min && bps <= originalRtpRange.max ? bps : null;
};

/** A positive amount with at most the currency's decimals, in minor units, else null. */
const minorOf = (text: string, scale: number) => {
  const v = text.trim();
  if (!amountString.safeParse(v).success) return null;
  const minor = parseAmount(v, scale);
  return minor !== null && minor > 0n ? minor : null;
};

/**
 * An original's limits and rate for the merchant, changed with a reason (`PUT
 * /ops/originals/limits/:game`); the exact return of the reference bet follows the typed rate.
 */
export function OriginalLimitsDialog({
  game,
  merchantCode,
  name,
  onClose,
  onSaved,
}: {
  game: OriginalLimit | null;
  merchantCode: string;
  name: string;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const scale = game?.currencyScale ?? 2;
  const fixedRate = game?.rateFixed ?? false;
  const schema = useMemo(() => {
    const amount = z
      .string()
      .refine((v) => minorOf(v, scale) !== null, t('games.originals.amountInvalid'));
    return z
      .object({
        minBet: amount,
        maxBet: amount,
        maxProfit: amount,
        // A game whose rules fix its return takes no rate.
        rtp: z
          .string()
          .refine((v) => fixedRate || rtpBpsOf(v) !== null, t('games.originals.rtpInvalid')),
        reason: z
          .string()
          .trim()
          .min(10, t('common.reasonMin', { count: 10 })),
      })
      .refine(
        (v) => {
          const min = minorOf(v.minBet, scale);
          const max = minorOf(v.maxBet, scale);
          return min === null || max === null || min <= max;
        },
        { path: ['maxBet'], message: t('games.originals.maxBelowMin') },
      );
  }, [t, scale, fixedRate]);
  const form = useZodForm(schema, { defaultValues: valuesOf(game) });
  const { reset } = form;
  useEffect(() => {
    reset(valuesOf(game));
  }, [game, reset]);
  const busy = form.formState.isSubmitting;
  const typedRate = form.watch('rtp');
  const typedBps = rtpBpsOf(typedRate ?? '');
  const exact =
    game && typedBps !== null
      ? (referenceRtp(game, typedBps) ?? (typedBps === game.rtpBps ? game.rtp : null))
      : null;

  const submit = form.handleSubmit(async (values) => {
    if (!game) return;
    try {
      await putOriginalLimits(game.game, {
        merchantCode,
        minBet: values.minBet.trim(),
        maxBet: values.maxBet.trim(),
        maxProfit: values.maxProfit.trim(),
        ...(fixedRate ? {} : { rtpBps: rtpBpsOf(values.rtp)! }),
        reason: values.reason,
      });
      await onSaved();
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });

  const currency = game?.currency ?? '';
  return (
    <Dialog
      open={game !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('games.originals.editTitle', { name })}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="original-limits-edit">
        <TextField
          form={form}
          name="minBet"
          label={t('games.originals.minBetIn', { currency })}
          inputMode="decimal"
        />
        <TextField
          form={form}
          name="maxBet"
          label={t('games.originals.maxBetIn', { currency })}
          inputMode="decimal"
        />
        <TextField
          form={form}
          name="maxProfit"
          label={t('games.originals.maxProfitIn', { currency })}
          hint={t('games.originals.maxProfitHint')}
          inputMode="decimal"
        />
        {fixedRate ? (
          <p className="muted" data-testid="original-exact-rtp">
            {t('games.originals.fixedRtp', { rtp: game?.rtp })}
          </p>
        ) : (
          <>
            <TextField
              form={form}
              name="rtp"
              label={t('games.originals.rate')}
              hint={t('games.originals.rateHint')}
              inputMode="decimal"
            />
            <p className="muted" data-testid="original-exact-rtp" aria-live="polite">
              {exact !== null
                ? t('games.originals.exactRtp', { rtp: exact })
                : t('games.originals.exactRtpUnknown')}
            </p>
          </>
        )}
        <TextField form={form} name="reason" label={t('common.reason')} />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('games.originals.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
