import { useEffect, useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OpsFixture } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { ScoreInputs, scoreFormSchema, type ScoreFormValues } from './result-dialog';
import { isRefusal, patchFixture, tradeProblem } from './sportsbook-api';
import { periodsOf, scoreDraftOf, scoresOf } from './sportsbook-lib';

/**
 * A manual fixture's score and clock while it is played (`PATCH /ops/sportsbook/fixtures/:id`):
 * what players see; nothing settles until the result is entered.
 */
export function ScoreDialog({
  fixture,
  onClose,
  onSaved,
}: {
  fixture: OpsFixture | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const periods = useMemo(() => (fixture ? periodsOf(fixture.sport) : []), [fixture]);
  const schema = useMemo(
    () =>
      scoreFormSchema.superRefine((values, ctx) => {
        for (const p of scoresOf(periods, values.scores).problems)
          ctx.addIssue({
            code: 'custom',
            path: ['scores', p],
            message: t('games.sportsbook.problem.score'),
          });
      }),
    [t, periods],
  );
  const form = useZodForm(schema, {
    defaultValues: { scores: {}, clock: '', reason: '' },
  }) as unknown as UseFormReturn<ScoreFormValues>;
  const { reset } = form;
  useEffect(() => {
    if (fixture)
      reset({
        scores: scoreDraftOf(periodsOf(fixture.sport), fixture.scores),
        clock: fixture.clock ?? '',
        reason: '',
      });
  }, [fixture, reset]);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    if (!fixture) return;
    try {
      const { scores } = scoresOf(periods, values.scores);
      await patchFixture(fixture.id, { clock: values.clock.trim() || null, scores });
      await onSaved();
      onClose();
    } catch (error) {
      applyServerError(form, error);
      if (isRefusal(error))
        form.setError('root.server', { type: 'server', message: tradeProblem(error) });
    }
  });
  return (
    <Dialog
      open={fixture !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('games.sportsbook.scoreTitle', {
        match: fixture ? `${fixture.home} – ${fixture.away}` : '',
      })}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="score-dialog">
        <p className="muted">{t('games.sportsbook.scoreNote')}</p>
        <TextField
          form={form}
          name="clock"
          label={t('games.sportsbook.clock')}
          hint={t('games.sportsbook.clockHint')}
          maxLength={20}
        />
        <ScoreInputs form={form} periods={periods} />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('games.sportsbook.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
