import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { useCreateDeposit } from '../api/create-deposit';
import { useDeposits } from '../api/get-deposits';
import { usePaymentChannels } from '../api/get-payment-channels';
import { useImageAttachments } from '../../../lib/upload-images';
import { errorText, fieldIssue } from '../lib/errors';
import { leavePageFor, safePayUrl } from '../lib/leave-page';
import { amountProblem, wireAmount, type AmountProblem } from '../lib/money';
import { cashierKeys } from '../lib/query-keys';
import type { DepositOrder, PaymentChannel } from '../lib/types';
import { ImagePicker } from '../../../components/image-picker';
import { LoadError } from './load-error';
import { AmountField } from './money-fields';
import { DepositStatusChip } from './status-chip';
import { useMoney } from '../../../hooks/use-money';

/** Query parameters the sandbox pay page adds when it sends the player back (SPEC §2). */
const returnParams = { deposit: 'deposit', paid: 'paid' } as const;

/** The receiving account fields shown for a bank transfer, in this order. */
const receivingFields = ['bank', 'accountName', 'accountNumber'] as const;

export function DepositPanel() {
  return (
    <div className="cashier-stack">
      <PaidNotice />
      <DepositForm />
      <DepositList />
    </div>
  );
}

/** After the pay page sends the player back with `paid=1`: say so and refresh the figures. */
function PaidNotice() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const paid = params.get(returnParams.paid) === '1';

  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    void queryClient.invalidateQueries({ queryKey: cashierKeys.deposits(token) });
    void queryClient.invalidateQueries({ queryKey: cashierKeys.transactions(token) });
  }, [paid, queryClient, token]);

  if (!paid) return null;
  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete(returnParams.paid);
    next.delete(returnParams.deposit);
    setParams(next, { replace: true });
  };
  return (
    <div className="cashier-notice" data-testid="deposit-paid">
      <FormAlert tone="success" message={t('cashier.deposit_paid')} />
      <button type="button" className="link-button" onClick={dismiss}>
        {t('cashier.dismiss')}
      </button>
    </div>
  );
}

function amountMessage(
  t: TFunction,
  money: (amount: string) => string,
  problem: AmountProblem,
  min: string,
  max: string,
): string {
  if (problem === 'required') return t('cashier.amount_required');
  if (problem === 'invalid') return t('cashier.amount_invalid');
  return t('cashier.amount_range', { min: money(min), max: money(max) });
}

function DepositForm() {
  const fmt = useMoney();
  const { t } = useTranslation();
  const channels = usePaymentChannels();
  const createDeposit = useCreateDeposit();
  const attachments = useImageAttachments();
  const legendId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [receipts, setReceipts] = useState<File[]>([]);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<DepositOrder | null>(null);
  const busy = attachments.isPending || createDeposit.isPending;

  if (channels.isPending) {
    return (
      <Section block="cashier-section" title={t('cashier.deposit_title')}>
        <PageLoader />
      </Section>
    );
  }
  if (channels.isError) {
    return (
      <Section block="cashier-section" title={t('cashier.deposit_title')}>
        <LoadError error={channels.error} onRetry={() => void channels.refetch()} />
      </Section>
    );
  }
  const list = channels.data;
  if (list.length === 0) {
    return (
      <Section block="cashier-section" title={t('cashier.deposit_title')}>
        <p className="muted">{t('cashier.no_channels')}</p>
      </Section>
    );
  }
  const channel = list.find((item) => item.code === chosen) ?? list[0]!;

  const choose = (code: string) => {
    setChosen(code);
    setAmountError(null);
    setReceiptError(null);
    setFormError(null);
    setCreated(null);
  };

  const bankTransfer = channel.kind === 'bank_transfer';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    setCreated(null);
    const problem = amountProblem(amount, channel.minAmount, channel.maxAmount);
    const noReceipt = bankTransfer && receipts.length === 0;
    setAmountError(
      problem ? amountMessage(t, fmt.money, problem, channel.minAmount, channel.maxAmount) : null,
    );
    setReceiptError(noReceipt ? t('cashier.receipt_required') : null);
    if (problem || noReceipt) return;

    // Bank transfers: the receipt images go up first, the deposit carries their ids.
    let receiptIds: string[] | null = null;
    if (bankTransfer) {
      try {
        receiptIds = await attachments.idsFor(receipts);
      } catch (error) {
        setReceiptError(errorText(t, error));
        return;
      }
    }
    createDeposit.mutate(
      {
        channelCode: channel.code,
        amount: wireAmount(amount),
        ...(receiptIds ? { receiptIds } : {}),
      },
      {
        onSuccess: (order) => {
          if (channel.kind === 'online') {
            const url = order.payUrl ? safePayUrl(order.payUrl) : null;
            if (!url) {
              setFormError(t('errors.bad_response'));
              return;
            }
            setCreated(order);
            leavePageFor(url);
            return;
          }
          setCreated(order);
          setAmount('');
          setReceipts([]);
        },
        onError: (error) => {
          const badAmount = fieldIssue(error, 'amount');
          const badReceipts = fieldIssue(error, 'receiptIds');
          if (badAmount) {
            setAmountError(
              amountMessage(t, fmt.money, 'range', channel.minAmount, channel.maxAmount),
            );
          }
          if (badReceipts) setReceiptError(t('cashier.receipt_required'));
          if (badAmount || badReceipts) {
            setFormError(t('validation.check_fields'));
          } else {
            setFormError(errorText(t, error));
          }
        },
      },
    );
  };

  const payUrl = created?.payUrl ? safePayUrl(created.payUrl) : null;

  return (
    <Section block="cashier-section" title={t('cashier.deposit_title')} testId="deposit-form">
      <form className="cashier-form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="channel-group" aria-labelledby={legendId}>
          <legend id={legendId} className="field-label">
            {t('cashier.channel')}
          </legend>
          <div className="channel-cards">
            {list.map((item) => (
              <ChannelCard
                key={item.code}
                channel={item}
                checked={item.code === channel.code}
                onChoose={() => choose(item.code)}
              />
            ))}
          </div>
        </fieldset>

        {bankTransfer ? <ReceivingDetails channel={channel} /> : null}

        <AmountField
          value={amount}
          onChange={setAmount}
          error={amountError}
          hint={t('cashier.amount_hint', {
            min: fmt.money(channel.minAmount),
            max: fmt.money(channel.maxAmount),
          })}
        />

        {bankTransfer ? (
          <ImagePicker
            label={t('cashier.receipt')}
            files={receipts}
            onChange={(files) => {
              setReceipts(files);
              setReceiptError(null);
            }}
            required
            error={receiptError}
            disabled={busy}
          />
        ) : null}

        <FormAlert message={formError} />
        {created && bankTransfer ? (
          <FormAlert
            tone="success"
            message={t('cashier.deposit_recorded', { amount: fmt.money(created.amount) })}
          />
        ) : null}
        {payUrl ? (
          <p className="cashier-note" role="status">
            {t('cashier.redirecting')}{' '}
            <a href={payUrl} data-testid="pay-link">
              {t('cashier.open_pay_page')}
            </a>
          </p>
        ) : null}

        <button
          type="submit"
          className="button button-primary button-block"
          disabled={busy}
          aria-busy={busy}
        >
          {channel.kind === 'online' ? t('cashier.pay_now') : t('cashier.submit_deposit')}
        </button>
      </form>
    </Section>
  );
}

function ChannelCard({
  channel,
  checked,
  onChoose,
}: {
  channel: PaymentChannel;
  checked: boolean;
  onChoose: () => void;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  return (
    <label className="choice channel-card">
      <input
        type="radio"
        name="channel"
        value={channel.code}
        checked={checked}
        onChange={onChoose}
      />
      <span className="channel-text">
        <span className="channel-name">{channel.name}</span>
        <span className="channel-meta">
          {t(`cashier.channel_kind.${channel.kind}`)} ·{' '}
          {t('cashier.limits', {
            min: fmt.money(channel.minAmount),
            max: fmt.money(channel.maxAmount),
          })}
        </span>
      </span>
    </label>
  );
}

function ReceivingDetails({ channel }: { channel: PaymentChannel }) {
  const { t } = useTranslation();
  const rows = receivingFields.flatMap((field) => {
    const value = channel.receiving[field];
    return value ? [{ field, value }] : [];
  });
  return (
    <div className="receiving" data-testid="receiving-details">
      <p className="receiving-title">{t('cashier.transfer_to')}</p>
      <dl className="receiving-list">
        {rows.map(({ field, value }) => (
          <div key={field} className="receiving-row">
            <dt>{t(`cashier.receiving.${field}`)}</dt>
            <dd>
              <span className="receiving-value">{value}</span>
              <CopyButton value={value} label={t(`cashier.receiving.${field}`)} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="cashier-note">{t('cashier.operator_confirms')}</p>
    </div>
  );
}

function DepositList() {
  const fmt = useMoney();
  const { t } = useTranslation();
  const deposits = useDeposits();
  const channels = usePaymentChannels();
  const formatTime = useDateTimeFormat();
  const channelName = (code: string) =>
    channels.data?.find((item) => item.code === code)?.name ?? code;

  let body;
  if (deposits.isPending) body = <PageLoader />;
  else if (deposits.isError) body = <FormAlert message={errorText(t, deposits.error)} />;
  else if (deposits.data.length === 0) body = <p className="muted">{t('cashier.no_deposits')}</p>;
  else {
    body = (
      <ul className="record-list" data-testid="deposit-list">
        {deposits.data.slice(0, 20).map((order) => (
          <li key={order.id} className="record">
            <div className="record-main">
              <span className="record-amount">{fmt.money(order.amount)}</span>
              <DepositStatusChip status={order.status} />
            </div>
            <div className="record-meta">
              <span>{channelName(order.channelCode)}</span>
              <time dateTime={order.createdAt}>{formatTime(order.createdAt)}</time>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Section block="cashier-section" title={t('cashier.recent_deposits')}>
      {body}
    </Section>
  );
}
