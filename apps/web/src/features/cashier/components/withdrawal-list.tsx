import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { TextField } from '../../../components/text-field';
import { useConfirmWithdrawal, type ConfirmWithdrawalBody } from '../api/confirm-withdrawal';
import { useWithdrawals } from '../api/get-withdrawals';
import { errorText, fieldIssue } from '../lib/errors';
import { useDateTimeFormat } from '../lib/format';
import { toMinor, wireAmount } from '../lib/money';
import type { Withdrawal } from '../lib/types';
import { Section } from './section';
import { ConfirmationChip, WithdrawalStatusChip } from './status-chip';

export function WithdrawalList() {
  const { t } = useTranslation();
  const withdrawals = useWithdrawals();

  let body;
  if (withdrawals.isPending) body = <PageLoader />;
  else if (withdrawals.isError) body = <FormAlert message={errorText(t, withdrawals.error)} />;
  else if (withdrawals.data.length === 0) {
    body = <p className="muted">{t('cashier.no_withdrawals')}</p>;
  } else {
    body = (
      <ul className="record-list" data-testid="withdrawal-list">
        {withdrawals.data.slice(0, 20).map((item) => (
          <WithdrawalRow key={item.id} withdrawal={item} />
        ))}
      </ul>
    );
  }
  return <Section title={t('cashier.my_withdrawals')}>{body}</Section>;
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  return (
    <li className="record" data-testid={`withdrawal-${withdrawal.id}`}>
      <div className="record-main">
        <span className="record-amount">{formatAmount(withdrawal.amount)}</span>
        <span className="record-chips">
          <WithdrawalStatusChip status={withdrawal.status} />
          {withdrawal.confirmation && withdrawal.confirmation !== 'awaiting' ? (
            <ConfirmationChip state={withdrawal.confirmation} />
          ) : null}
        </span>
      </div>
      <div className="record-meta">
        <time dateTime={withdrawal.createdAt}>{formatTime(withdrawal.createdAt)}</time>
        {withdrawal.confirmation === 'partial' && withdrawal.receivedAmount ? (
          <span>
            {t('cashier.received_amount_shown', {
              amount: formatAmount(withdrawal.receivedAmount),
            })}
          </span>
        ) : null}
      </div>
      {withdrawal.confirmation === 'awaiting' ? <ConfirmReceipt withdrawal={withdrawal} /> : null}
    </li>
  );
}

/** SPEC §4: the player says whether the money arrived, before the deadline. */
function ConfirmReceipt({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const confirm = useConfirmWithdrawal();
  const [partial, setPartial] = useState(false);
  const [received, setReceived] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const send = (body: ConfirmWithdrawalBody) => {
    if (confirm.isPending) return;
    setFormError(null);
    confirm.mutate(
      { id: withdrawal.id, body },
      {
        onError: (error) => {
          if (fieldIssue(error, 'receivedAmount')) {
            setAmountError(t('cashier.partial_amount_invalid'));
          } else {
            setFormError(errorText(t, error));
          }
        },
      },
    );
  };

  const submitPartial = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = toMinor(received);
    const total = toMinor(withdrawal.amount);
    if (value === null || value === 0n || (total !== null && value >= total)) {
      setAmountError(t('cashier.partial_amount_invalid'));
      return;
    }
    setAmountError(null);
    send({ result: 'partial', receivedAmount: wireAmount(received) });
  };

  return (
    <div className="confirm-receipt" role="group" aria-label={t('cashier.confirm_receipt')}>
      <p className="cashier-note">
        {t('cashier.confirm_prompt')}
        {withdrawal.confirmDeadline ? (
          <>
            {' '}
            {t('cashier.confirm_deadline')}{' '}
            <time dateTime={withdrawal.confirmDeadline}>
              {formatTime(withdrawal.confirmDeadline)}
            </time>
          </>
        ) : null}
      </p>
      <div className="confirm-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={confirm.isPending}
          onClick={() => send({ result: 'received' })}
        >
          {t('cashier.received')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={partial}
          disabled={confirm.isPending}
          onClick={() => setPartial((open) => !open)}
        >
          {t('cashier.partly_received')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={confirm.isPending}
          onClick={() => send({ result: 'not_received' })}
        >
          {t('cashier.not_received')}
        </button>
      </div>
      {partial ? (
        <form className="cashier-form" noValidate onSubmit={submitPartial}>
          <TextField
            label={t('cashier.received_amount')}
            name="receivedAmount"
            inputMode="decimal"
            autoComplete="off"
            required
            value={received}
            onChange={(event) => setReceived(event.target.value)}
            error={amountError}
            hint={t('cashier.received_amount_hint', { amount: formatAmount(withdrawal.amount) })}
          />
          <button type="submit" className="button button-primary" disabled={confirm.isPending}>
            {t('cashier.confirm_partial')}
          </button>
        </form>
      ) : null}
      <FormAlert message={formError} />
    </div>
  );
}
