import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { voidLiveRound, type LiveTableRow } from './live-api';

/** Voids the round a table is taking bets in, with a reason: every stake goes back. */
export function LiveVoidDialog({
  table,
  onClose,
  onDone,
}: {
  table: LiveTableRow | null;
  onClose: () => void;
  onDone: (voided: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(
    z.object({
      reason: z
        .string()
        .trim()
        .min(10, t('common.reasonMin', { count: 10 })),
    }),
    { defaultValues: { reason: '' } },
  );
  const { reset } = form;
  useEffect(() => reset({ reason: '' }), [table, reset]);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async ({ reason }) => {
    if (!table) return;
    try {
      const answer = await voidLiveRound(table.code, table.round, reason);
      await onDone(answer.voided);
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });
  return (
    <Dialog
      open={table !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('games.live.voidTitle', { name: table?.name ?? '', round: table?.round ?? 0 })}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="live-void">
        <p className="muted">{t('games.live.voidNote', { bets: table?.bets ?? 0 })}</p>
        <TextField form={form} name="reason" label={t('common.reason')} />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? t('common.working') : t('games.live.void')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
