import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { OpsFixture } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { isRefusal, tradeProblem, type OpsMarket, type SettleAnswer } from './sportsbook-api';
import { marketLineText } from './sportsbook-lib';

export type VoidTarget =
  | { kind: 'market'; fixture: OpsFixture; market: OpsMarket }
  | { kind: 'fixture'; fixture: OpsFixture };

/**
 * Voids one market (`POST /ops/sportsbook/markets/:market/void`) or cancels a whole fixture
 * (`POST /ops/sportsbook/fixtures/:fixture/cancel`), with a reason: every leg on it settles void.
 */
export function SportsVoidDialog({
  target,
  onClose,
  onConfirm,
  onDone,
}: {
  target: VoidTarget | null;
  onClose: () => void;
  onConfirm: (target: VoidTarget, reason: string) => Promise<SettleAnswer>;
  onDone: (answer: SettleAnswer) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(
    z.object({
      reason: z
        .string()
        .trim()
        .min(3, t('common.reasonMin', { count: 3 })),
    }),
    { defaultValues: { reason: '' } },
  );
  const { reset } = form;
  useEffect(() => reset({ reason: '' }), [target, reset]);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async ({ reason }) => {
    if (!target) return;
    try {
      const answer = await onConfirm(target, reason);
      await onDone(answer);
      onClose();
    } catch (error) {
      applyServerError(form, error);
      if (isRefusal(error))
        form.setError('root.server', { type: 'server', message: tradeProblem(error) });
    }
  });
  const match = target ? `${target.fixture.home} – ${target.fixture.away}` : '';
  const title = !target
    ? ''
    : target.kind === 'fixture'
      ? t('games.sportsbook.cancelTitle', { match })
      : t('games.sportsbook.voidTitle', {
          match,
          market: [
            t(`games.sportsbook.kind.${target.market.kind}`),
            t(`games.sportsbook.period.${target.market.period}`),
            marketLineText(target.market),
          ]
            .filter(Boolean)
            .join(' '),
        });
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={title}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="sportsbook-void">
        <p className="muted">
          {target?.kind === 'fixture'
            ? t('games.sportsbook.cancelNote', { count: target.fixture.tickets })
            : t('games.sportsbook.voidNote')}
        </p>
        <TextField form={form} name="reason" label={t('common.reason')} />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy
              ? t('common.working')
              : target?.kind === 'fixture'
                ? t('games.sportsbook.cancelFixture')
                : t('games.sportsbook.void')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
