import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { amountString, parseRate, type OpsChannelCreateBody } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { createChannel } from './channels-api';

const emptyValues = {
  kind: 'bank_transfer' as 'bank_transfer' | 'online',
  code: '',
  name: '',
  minAmount: '',
  maxAmount: '',
  feeFixed: '0',
  feePercent: '0',
  sort: 0,
  bank: '',
  accountName: '',
  accountNumber: '',
  branch: '',
  gateway: '',
  reason: '',
};
type Values = typeof emptyValues;

/** The create call's body from the form (a bank's receiving account, or an online gateway). */
export function channelBodyOf(merchantCode: string, v: Values): OpsChannelCreateBody {
  const common = {
    merchantCode,
    code: v.code.trim(),
    name: v.name.trim(),
    minAmount: v.minAmount.trim(),
    maxAmount: v.maxAmount.trim(),
    feeFixed: v.feeFixed.trim() || '0',
    feeBps: parseRate(v.feePercent.trim() || '0') ?? 0,
    sort: v.sort,
    enabled: false,
    reason: v.reason.trim(),
  };
  return v.kind === 'online'
    ? { ...common, kind: 'online', gateway: v.gateway.trim() }
    : {
        ...common,
        kind: 'bank_transfer',
        receiving: {
          bank: v.bank.trim(),
          accountName: v.accountName.trim(),
          accountNumber: v.accountNumber.trim(),
          ...(v.branch.trim() ? { branch: v.branch.trim() } : {}),
        },
      };
}

/**
 * A new payment channel of the session's merchant (`POST /ops/cashier/channels`), created
 * disabled so it can be checked before members see it; with a reason for the audit log.
 */
export function ChannelCreateDialog({
  open,
  merchantCode,
  onClose,
  onSaved,
}: {
  open: boolean;
  merchantCode: string;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => {
    const amount = z
      .string()
      .trim()
      .refine((v) => amountString.safeParse(v).success, t('cashier.channels.amountInvalid'));
    const text = (min: number) => z.string().trim().min(min, t('cashier.channels.required'));
    return z
      .object({
        kind: z.enum(['bank_transfer', 'online']),
        code: z
          .string()
          .trim()
          .regex(/^[A-Z0-9_]{2,40}$/, t('cashier.channels.codeInvalid')),
        name: text(2).max(60),
        minAmount: amount,
        maxAmount: amount,
        feeFixed: amount,
        feePercent: z
          .string()
          .refine((v) => parseRate(v.trim()) !== null, t('cashier.channels.feePercentInvalid')),
        sort: z
          .number({ error: t('cashier.channels.sortInvalid') })
          .int()
          .min(0)
          .max(10_000),
        bank: z.string().trim().max(80),
        accountName: z.string().trim().max(100),
        accountNumber: z.string().trim().max(34),
        branch: z.string().trim().max(80),
        gateway: z.string().trim().max(30),
        reason: z
          .string()
          .trim()
          .min(10, t('common.reasonMin', { count: 10 })),
      })
      .superRefine((v, ctx) => {
        const need = (path: keyof Values, ok: boolean) => {
          if (!ok)
            ctx.addIssue({ code: 'custom', path: [path], message: t('cashier.channels.required') });
        };
        if (v.kind === 'online') need('gateway', /^[a-z0-9_-]{2,30}$/.test(v.gateway));
        else {
          need('bank', v.bank.length >= 2);
          need('accountName', v.accountName.length >= 2);
          need('accountNumber', /^[0-9 -]{6,34}$/.test(v.accountNumber));
        }
      });
  }, [t]);
  const form = useZodForm(schema, { defaultValues: emptyValues });
  const kind = form.watch('kind');
  const busy = form.formState.isSubmitting;
  const close = () => {
    if (busy) return;
    form.reset(emptyValues);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await createChannel(channelBodyOf(merchantCode, values));
      await onSaved();
      form.reset(emptyValues);
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('cashier.channels.createTitle', { merchant: merchantCode })}
      description={t('cashier.channels.createText')}
      side
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="channel-create">
        <Field label={t('cashier.channels.kind')}>
          {({ id }) => (
            <select id={id} className="input" {...form.register('kind')}>
              <option value="bank_transfer">{t('cashier.channels.bankTransfer')}</option>
              <option value="online">{t('cashier.channels.onlineKind')}</option>
            </select>
          )}
        </Field>
        <TextField
          form={form}
          name="code"
          label={t('cashier.channels.code')}
          hint={t('cashier.channels.codeHint')}
        />
        <TextField form={form} name="name" label={t('cashier.channels.name')} />
        {kind === 'online' ? (
          <TextField
            form={form}
            name="gateway"
            label={t('cashier.channels.gateway')}
            hint={t('cashier.channels.gatewayHint')}
          />
        ) : (
          <>
            <TextField form={form} name="bank" label={t('cashier.channels.bank')} />
            <TextField form={form} name="accountName" label={t('cashier.channels.accountName')} />
            <TextField
              form={form}
              name="accountNumber"
              label={t('cashier.channels.accountNumber')}
            />
            <TextField form={form} name="branch" label={t('cashier.channels.branch')} />
          </>
        )}
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
          name="feePercent"
          label={t('cashier.channels.feePercent')}
          inputMode="decimal"
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
          <button type="button" className="btn" onClick={close} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('cashier.channels.create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
