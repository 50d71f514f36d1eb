import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { opsChannelPatchBodySchema, type OpsChannel } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { patchChannel } from './channels-api';

const valuesOf = (channel: OpsChannel | null) => ({
  name: channel?.name ?? '',
  minAmount: channel?.minAmount ?? '',
  maxAmount: channel?.maxAmount ?? '',
  feeFixed: channel?.feeFixed ?? '0',
  feeBps: channel?.feeBps ?? 0,
  sort: channel?.sort ?? 0,
  reason: '',
});

/**
 * Edit a channel's name, limits, fee and order, with the reason for the audit log (the contract's
 * patch schema checks them).
 */
export function ChannelEditDialog({
  channel,
  onClose,
  onSaved,
}: {
  channel: OpsChannel | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(opsChannelPatchBodySchema, { defaultValues: valuesOf(channel) });
  const { reset } = form;
  useEffect(() => {
    reset(valuesOf(channel));
  }, [channel, reset]);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    if (!channel) return;
    try {
      await patchChannel(channel, values);
      await onSaved();
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <Dialog
      open={channel !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={channel ? t('cashier.channels.editTitle', { code: channel.code }) : ''}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField form={form} name="name" label={t('cashier.channels.name')} />
        <TextField
          form={form}
          name="minAmount"
          label={t('cashier.channels.min')}
          inputMode="decimal"
        />
        <TextField
          form={form}
          name="maxAmount"
          label={t('cashier.channels.max')}
          inputMode="decimal"
        />
        <TextField
          form={form}
          name="feeFixed"
          label={t('cashier.channels.feeFixed')}
          inputMode="decimal"
        />
        <TextField
          form={form}
          name="feeBps"
          label={t('cashier.channels.feeBps')}
          hint={t('cashier.channels.feeBpsHint')}
          inputMode="numeric"
          options={{ valueAsNumber: true }}
        />
        <TextField
          form={form}
          name="sort"
          label={t('cashier.channels.sort')}
          inputMode="numeric"
          options={{ valueAsNumber: true }}
        />
        <TextField form={form} name="reason" label={t('common.reason')} />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('cashier.channels.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
