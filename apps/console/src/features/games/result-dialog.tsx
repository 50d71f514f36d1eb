import { useEffect, useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { OpsFixture } from '@taya/contracts';
import { SPORTS_PERIODS } from '@taya/games';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { isRefusal, resultFixture, tradeProblem, type SettleAnswer } from './sportsbook-api';
import { periodsOf, scoreDraftOf, scoresOf, type Period, type ScoreDraft } from './sportsbook-lib';

/** The score dialogs' values: scores by period, the clock (live update), a reason (result). */
export interface ScoreFormValues {
  scores: ScoreDraft;
  clock: string;
  reason: string;
}

export const scoreFormSchema = z.object({
  scores: z.partialRecord(z.enum(SPORTS_PERIODS), z.object({ home: z.string(), away: z.string() })),
  clock: z.string().max(20),
  reason: z.string(),
});

/** Home and away inputs for each of the sport's periods. */
export function ScoreInputs({
  form,
  periods,
}: {
  form: UseFormReturn<ScoreFormValues>;
  periods: readonly Period[];
}) {
  const { t } = useTranslation();
  const errors = form.formState.errors.scores;
  return (
    <fieldset className="sportsbook-fieldset">
      <legend>{t('games.sportsbook.scores')}</legend>
      {periods.map((p) => {
        const error = errors?.[p]?.message;
        return (
          <div key={p} className="sportsbook-score-row" data-period={p}>
            <span>{t(`games.sportsbook.period.${p}`)}</span>
            <input
              className="input input-small sportsbook-goals"
              inputMode="numeric"
              aria-label={t('games.sportsbook.scoreHome', {
                period: t(`games.sportsbook.period.${p}`),
              })}
              aria-invalid={error ? true : undefined}
              data-testid={`score-${p}-home`}
              {...form.register(`scores.${p}.home`)}
            />
            <span aria-hidden="true">–</span>
            <input
              className="input input-small sportsbook-goals"
              inputMode="numeric"
              aria-label={t('games.sportsbook.scoreAway', {
                period: t(`games.sportsbook.period.${p}`),
              })}
              aria-invalid={error ? true : undefined}
              data-testid={`score-${p}-away`}
              {...form.register(`scores.${p}.away`)}
            />
            {error && (
              <span className="field-error" role="alert">
                {error}
              </span>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * A fixture's result (`POST /ops/sportsbook/fixtures/:fixture/result`) by the sport's periods —
 * football full time and first half, basketball with overtime and first half, maps for e-sports:
 * every market settles on its period's score (a period left blank voids its markets). A result
 * entered again is a correction and needs a reason; only tickets whose return changed resettle.
 */
export function ResultDialog({
  fixture,
  onClose,
  onDone,
}: {
  fixture: OpsFixture | null;
  onClose: () => void;
  onDone: (answer: SettleAnswer) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const correction = fixture?.status === 'finished';
  const periods = useMemo(() => (fixture ? periodsOf(fixture.sport) : []), [fixture]);
  const schema = useMemo(
    () =>
      scoreFormSchema.superRefine((values, ctx) => {
        const { scores, problems } = scoresOf(periods, values.scores);
        for (const p of problems)
          ctx.addIssue({
            code: 'custom',
            path: ['scores', p],
            message: t('games.sportsbook.problem.score'),
          });
        const main = periods[0];
        if (main && !problems.includes(main) && !scores[main])
          ctx.addIssue({
            code: 'custom',
            path: ['scores', main],
            message: t('games.sportsbook.problem.mainScore'),
          });
        if (correction && values.reason.trim().length < 3)
          ctx.addIssue({
            code: 'custom',
            path: ['reason'],
            message: t('common.reasonMin', { count: 3 }),
          });
      }),
    [t, periods, correction],
  );
  const form = useZodForm(schema, {
    defaultValues: { scores: {}, clock: '', reason: '' },
  }) as unknown as UseFormReturn<ScoreFormValues>;
  const { reset } = form;
  useEffect(() => {
    if (fixture)
      reset({
        scores: scoreDraftOf(periodsOf(fixture.sport), fixture.scores),
        clock: '',
        reason: '',
      });
  }, [fixture, reset]);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    if (!fixture) return;
    try {
      const { scores } = scoresOf(periods, values.scores);
      const answer = await resultFixture(
        fixture.id,
        scores,
        values.reason.trim() ? values.reason.trim() : undefined,
      );
      await onDone(answer);
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
      title={t(correction ? 'games.sportsbook.correctTitle' : 'games.sportsbook.resultTitle', {
        match: fixture ? `${fixture.home} – ${fixture.away}` : '',
      })}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="result-dialog">
        <p className="muted">
          {correction ? t('games.sportsbook.correctNote') : t('games.sportsbook.resultNote')}
        </p>
        <ScoreInputs form={form} periods={periods} />
        {correction && <TextField form={form} name="reason" label={t('common.reason')} />}
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy
              ? t('common.working')
              : correction
                ? t('games.sportsbook.correctConfirm')
                : t('games.sportsbook.resultConfirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
