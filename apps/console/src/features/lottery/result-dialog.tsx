import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnterLotteryResult, OpsLotteryIssueRow } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, Field, FormError, useZodForm } from '../../components/form';
import { emptyValues, fieldName, resultFormSchema, type ResultShape } from './result-shape';

/**
 * The result of one issue, typed from the official sheet: a box per number in the game's layout
 * (a Vietnamese draw's tiers, 4D's prizes, the Thai numbers), each its digit count, and the
 * reason. Checked with the contracts' schema; it then waits for a second operator.
 */
export function ResultDialog({
  issue,
  shape,
  onClose,
  onEnter,
}: {
  issue: OpsLotteryIssueRow | null;
  shape: ResultShape | null;
  onClose: () => void;
  onEnter: (body: EnterLotteryResult) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const open = issue !== null && shape !== null;
  const schema = useMemo(
    () =>
      resultFormSchema(
        shape ?? { kind: 'THAI', groups: [] },
        { gameCode: issue?.gameCode ?? '', issueId: issue?.issueId ?? '' },
        { digits: (n) => t('lottery.enter.digits', { count: n }) },
      ),
    [shape, issue?.gameCode, issue?.issueId, t],
  );
  const defaults = useMemo(() => (shape ? emptyValues(shape) : { reason: '' }), [shape]);
  const form = useZodForm(schema, { defaultValues: defaults });
  const { reset } = form;
  useEffect(() => reset(defaults), [defaults, reset]);
  const busy = form.formState.isSubmitting;
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;

  const submit = form.handleSubmit(async (body) => {
    try {
      await onEnter(body);
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      title={t('lottery.enter.title', { game: issue?.gameCode ?? '', issue: issue?.issueId ?? '' })}
      description={t('lottery.enter.description')}
      side
    >
      {shape && (
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="result-form">
          {shape.groups.map((g) => {
            const label = t(`lottery.prizes.${g.key as 'first'}`);
            const groupErrors = Array.from(
              { length: g.count },
              (_, i) => errors[fieldName(g.key, i)]?.message,
            );
            const firstError = groupErrors.find(Boolean);
            const errorId = `result-${g.key}-error`;
            return (
              <fieldset
                key={g.key}
                className="field"
                style={{ border: 0, padding: 0, margin: '0 0 10px' }}
              >
                <legend className="inline-label" style={{ fontWeight: 600 }}>
                  {t('lottery.enter.group', { prize: label, count: g.digits })}
                </legend>
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginTop: 4 }}>
                  {Array.from({ length: g.count }, (_, i) => (
                    <input
                      key={i}
                      className="input"
                      style={{ width: `${g.digits + 4}ch` }}
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={g.digits}
                      aria-label={t('lottery.enter.box', { prize: label, n: i + 1 })}
                      aria-invalid={groupErrors[i] ? true : undefined}
                      aria-describedby={groupErrors[i] ? errorId : undefined}
                      {...form.register(fieldName(g.key, i) as 'reason')}
                    />
                  ))}
                </div>
                {firstError && (
                  <p className="field-error" id={errorId} role="alert">
                    {firstError}
                  </p>
                )}
              </fieldset>
            );
          })}
          <Field
            label={t('common.reason')}
            error={errors.reason?.message}
            hint={t('common.reasonMin', { count: 3 })}
          >
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                className="input"
                rows={2}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                {...form.register('reason')}
              />
            )}
          </Field>
          <FormError
            message={
              (errors.root as { server?: { message?: string } } | undefined)?.server?.message
            }
          />
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t('common.working') : t('lottery.enter.submit')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
