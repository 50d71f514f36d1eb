import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { opsCashierSettingsPatchBodySchema } from '@taya/contracts';
import { Can } from '../../auth/can';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { ErrorState } from '../../components/states';
import { formatDecimal } from '../../lib/format';
import { fetchCashierSettings, patchCashierSettings } from './channels-api';

/** The merchant's withdrawal review threshold: shown, and set with a reason by who may approve. */
export function ReviewThresholdCard({ merchantCode }: { merchantCode: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['ops', 'cashier', 'settings', merchantCode],
    queryFn: ({ signal }) => fetchCashierSettings(merchantCode, signal),
  });
  const form = useZodForm(opsCashierSettingsPatchBodySchema, {
    defaultValues: { reviewThreshold: null, reason: '' },
  });
  const { reset } = form;
  const current = settings.data?.reviewThreshold ?? null;
  useEffect(() => {
    reset({ reviewThreshold: current, reason: '' });
  }, [current, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await patchCashierSettings(merchantCode, values);
      await queryClient.invalidateQueries({ queryKey: ['ops', 'cashier'] });
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <section className="card" data-testid="review-threshold">
      <h2>{t('cashier.threshold.title', { merchant: merchantCode })}</h2>
      {settings.error ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <p>
          {settings.data
            ? current === null
              ? t('cashier.threshold.none')
              : t('cashier.threshold.current', {
                  amount: `${formatDecimal(current)} ${settings.data.currency}`,
                })
            : t('cashier.imageLoading')}
        </p>
      )}
      <Can action="cashier.withdrawals.approve">
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}
          aria-label={t('cashier.threshold.title', { merchant: merchantCode })}
        >
          <TextField
            form={form}
            name="reviewThreshold"
            label={t('cashier.threshold.amount')}
            inputMode="decimal"
            options={{ setValueAs: (v: unknown) => (v === '' || v === null ? null : String(v)) }}
          />
          <TextField form={form} name="reason" label={t('common.reason')} />
          <div style={{ marginBottom: 12 }}>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={form.formState.isSubmitting}
            >
              {t('cashier.threshold.save')}
            </button>
          </div>
          <FormError message={form.formState.errors.root?.server?.message} />
        </form>
      </Can>
    </section>
  );
}
