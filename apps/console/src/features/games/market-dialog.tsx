import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { OpsFixture } from '@taya/contracts';
import { SPORTS_MARKET_KINDS, SPORTS_PERIODS } from '@taya/games';
import { Dialog } from '../../components/dialog';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { useSelectionText } from './selection-name';
import { createMarket, isRefusal, tradeProblem } from './sportsbook-api';
import {
  kindTakesLine,
  marketBodyOf,
  marketFormProblems,
  periodsOf,
  selectionsOf,
  type MarketFormValues,
} from './sportsbook-lib';

const blankOf = (fixture: OpsFixture | null): MarketFormValues => ({
  kind: fixture?.sport === 'football' ? '1x2' : 'ml',
  period: fixture ? periodsOf(fixture.sport)[0]! : 'ft',
  line: '',
  scores: '',
  odds: {},
  main: false,
});

/**
 * A market added by hand (`POST /ops/sportsbook/fixtures/:fixture/markets`): its kind and the
 * period it reads, a line for handicaps ("-0.75") and totals ("2.5"), the scores of a correct-score
 * market, and a decimal price for each selection the kind offers.
 */
export function MarketDialog({
  fixture,
  onClose,
  onSaved,
}: {
  fixture: OpsFixture | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const selectionText = useSelectionText();
  const schema = useMemo(
    () =>
      z
        .object({
          kind: z.enum(SPORTS_MARKET_KINDS),
          period: z.enum(SPORTS_PERIODS),
          line: z.string(),
          scores: z.string(),
          odds: z.record(z.string(), z.string()),
          main: z.boolean(),
        })
        .superRefine((values, ctx) => {
          for (const { path, problem } of marketFormProblems(values))
            ctx.addIssue({
              code: 'custom',
              path,
              message: t(`games.sportsbook.problem.${problem}`),
            });
        }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: blankOf(fixture) });
  const { reset, register, control } = form;
  useEffect(() => {
    reset(blankOf(fixture));
  }, [fixture, reset]);
  const kind = useWatch({ control, name: 'kind' });
  const scores = useWatch({ control, name: 'scores' });
  const selections = selectionsOf(kind, scores);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    if (!fixture) return;
    try {
      await createMarket(fixture.id, marketBodyOf(values));
      await onSaved();
      onClose();
    } catch (error) {
      applyServerError(form, error);
      if (isRefusal(error))
        form.setError('root.server', { type: 'server', message: tradeProblem(error) });
    }
  });
  const errors = form.formState.errors;
  return (
    <Dialog
      open={fixture !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('games.sportsbook.addMarketTitle', {
        match: fixture ? `${fixture.home} – ${fixture.away}` : '',
      })}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="market-dialog">
        <div className="sportsbook-pair">
          <Field label={t('games.sportsbook.kindLabel')} error={errors.kind?.message}>
            {({ id, describedBy }) => (
              <select
                id={id}
                className="input"
                aria-describedby={describedBy}
                {...register('kind')}
              >
                {SPORTS_MARKET_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`games.sportsbook.kind.${k}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('games.sportsbook.periodLabel')}>
            {({ id, describedBy }) => (
              <select
                id={id}
                className="input"
                aria-describedby={describedBy}
                {...register('period')}
              >
                {(fixture ? periodsOf(fixture.sport) : []).map((p) => (
                  <option key={p} value={p}>
                    {t(`games.sportsbook.period.${p}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {kindTakesLine(kind) && (
          <TextField
            form={form}
            name="line"
            label={kind === 'ah' ? t('games.sportsbook.handicap') : t('games.sportsbook.total')}
            hint={
              kind === 'ah' ? t('games.sportsbook.handicapHint') : t('games.sportsbook.totalHint')
            }
            inputMode="decimal"
            data-testid="market-line"
          />
        )}
        {kind === 'cs' && (
          <TextField
            form={form}
            name="scores"
            label={t('games.sportsbook.csScores')}
            hint={t('games.sportsbook.csScoresHint')}
            data-testid="market-scores"
          />
        )}
        <fieldset className="sportsbook-fieldset">
          <legend>{t('games.sportsbook.prices')}</legend>
          {typeof errors.odds?.message === 'string' && (
            <p className="field-error" role="alert">
              {errors.odds.message}
            </p>
          )}
          <div className="sportsbook-price-grid">
            {selections.map((sel) => (
              <Field key={sel} label={selectionText(sel)} error={errors.odds?.[sel]?.message}>
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    className="input"
                    inputMode="decimal"
                    placeholder="1.90"
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    data-testid={`market-odds-${sel}`}
                    {...register(`odds.${sel}`)}
                  />
                )}
              </Field>
            ))}
          </div>
        </fieldset>
        <label className="sportsbook-check">
          <input type="checkbox" {...register('main')} /> {t('games.sportsbook.mainLabel')}
        </label>
        <FormError message={errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('games.sportsbook.addMarket')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
