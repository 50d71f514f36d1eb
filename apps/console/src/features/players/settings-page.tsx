import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { minorToDecimal, parseAmount } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { Money } from '../../components/display';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState } from '../../components/states';
import { fetchPlayerSettings, putPlayerSettings } from './settings-api';

/** Amounts of the players' screens are entered with two decimals, as in the adjustment dialog. */
const scale = 2;

/**
 * `/console/player-settings`: the session merchant's four-eyes threshold: a manual adjustment
 * above it waits for a second operator's approval. Changed with a reason by who may approve.
 */
export default function PlayerSettingsPage() {
  const { t } = useTranslation();
  const { operator } = useOperator();
  const merchantCode = operator?.merchantCode ?? '';
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const settings = useQuery({
    queryKey: ['ops', 'player-settings', merchantCode],
    queryFn: ({ signal }) => fetchPlayerSettings(merchantCode, signal),
    enabled: merchantCode !== '',
  });
  const schema = useMemo(
    () =>
      z.strictObject({
        amount: z
          .string()
          .trim()
          .refine((v) => {
            const minor = parseAmount(v, scale);
            return minor !== null && minor > 0n;
          }, t('players.settings.amountInvalid')),
        reason: z
          .string()
          .trim()
          .min(10, t('common.reasonMin', { count: 10 })),
      }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: { amount: '', reason: '' } });
  const { reset } = form;
  const current = settings.data?.adjustApprovalAbove;
  useEffect(() => {
    if (current !== undefined) {
      reset({ amount: minorToDecimal(BigInt(current), scale), reason: '' });
    }
  }, [current, reset]);

  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      await putPlayerSettings(merchantCode, {
        adjustApprovalAbove: parseAmount(values.amount, scale)!.toString(),
        reason: values.reason,
      });
      await queryClient.invalidateQueries({ queryKey: ['ops', 'player-settings'] });
      form.setValue('reason', '');
      setSaved(true);
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <div className="page">
      <PageHeader
        title={t('players.settings.title')}
        description={t('players.settings.description')}
      />
      <section className="card" data-testid="adjust-threshold">
        <h2>{t('players.settings.threshold', { merchant: merchantCode })}</h2>
        {settings.isPending && <LoadingState />}
        {settings.error && (
          <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
        )}
        {current !== undefined && (
          <p data-testid="adjust-threshold-current">
            {t('players.settings.current')} <Money minor={current} scale={scale} />
          </p>
        )}
        <p className="muted">{t('players.settings.explain')}</p>
        <Can action="approvals.review">
          <form
            onSubmit={(event) => void submit(event)}
            noValidate
            aria-label={t('players.settings.threshold', { merchant: merchantCode })}
            style={{ maxWidth: 420 }}
          >
            <TextField
              form={form}
              name="amount"
              label={t('players.settings.amount')}
              hint={t('players.settings.amountHint')}
              inputMode="decimal"
            />
            <TextField form={form} name="reason" label={t('common.reason')} />
            <FormError message={form.formState.errors.root?.server?.message} />
            {saved && (
              <p className="banner banner-good" role="status">
                {t('players.settings.saved')}
              </p>
            )}
            <div className="dialog-actions">
              <button
                type="submit"
                className="btn btn-primary"
                disabled={form.formState.isSubmitting || settings.isPending}
              >
                {form.formState.isSubmitting ? t('common.working') : t('players.settings.save')}
              </button>
            </div>
          </form>
        </Can>
      </section>
    </div>
  );
}
