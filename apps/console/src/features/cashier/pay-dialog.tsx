import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { opsWithdrawalPayBodySchema } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';

/** Paying asks the payment's reference and a reason for the audit log. */
const payFormSchema = opsWithdrawalPayBodySchema.extend({
  note: z.string().trim().min(3, 'at least 3 characters').max(500),
});

/** Pay a pending withdrawal: the bank's or gateway's reference of the money sent, and a reason. */
export function PayDialog({
  open,
  onOpenChange,
  description,
  onPay,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  onPay: (paymentRef: string, note: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(payFormSchema, { defaultValues: { paymentRef: '', note: '' } });
  const { reset } = form;
  useEffect(() => {
    if (!open) reset({ paymentRef: '', note: '' });
  }, [open, reset]);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onPay(values.paymentRef, values.note);
      onOpenChange(false);
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={t('cashier.payTitle')}
      description={description}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          form={form}
          name="paymentRef"
          label={t('cashier.paymentRef')}
          autoComplete="off"
        />
        <TextField form={form} name="note" label={t('common.reason')} autoComplete="off" />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('cashier.pay')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
