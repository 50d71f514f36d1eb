import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { TextField } from '../../../components/text-field';
import { useAgentTransferInfo } from '../api/get-agent-transfer-info';
import { useTransferToUpline } from '../api/transfer-to-upline';
import { errorText, fieldIssue } from '../lib/errors';
import { amountProblem, balanceToAmount, wireAmount } from '../lib/money';
import { useRequestId } from '../lib/request-id';
import type { AgentTransferInfo } from '../lib/types';
import { Section } from './section';

/** transferUpline (agents only): the agent sends money from their balance to their upline. */
export function TransferUplinePanel() {
  const { t } = useTranslation();
  const info = useAgentTransferInfo();

  let content;
  if (info.isPending) content = <PageLoader />;
  else if (info.isError) {
    content = (
      <>
        <FormAlert message={errorText(t, info.error)} />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void info.refetch()}
        >
          {t('cashier.retry')}
        </button>
      </>
    );
  } else {
    const { upline } = info.data;
    content = (
      <>
        <dl className="info-grid">
          <div>
            <dt>{t('cashier.upline')}</dt>
            <dd>{upline ? upline.username : '—'}</dd>
          </div>
          <div>
            <dt>{t('cashier.available_balance')}</dt>
            <dd>{formatAmount(info.data.balance)}</dd>
          </div>
        </dl>
        {upline ? (
          <UplineForm info={info.data} username={upline.username} />
        ) : (
          <p className="muted" data-testid="no-upline">
            {t('cashier.no_upline')}
          </p>
        )}
      </>
    );
  }

  return (
    <div className="cashier-stack">
      <Section title={t('cashier.upline_title')} testId="upline-transfer">
        {content}
      </Section>
    </div>
  );
}

type UplineField = 'amount' | 'paymentPassword';

function UplineForm({ info, username }: { info: AgentTransferInfo; username: string }) {
  const { t } = useTranslation();
  const transfer = useTransferToUpline();
  const requestId = useRequestId();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<UplineField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (transfer.isPending) return;
    setFormError(null);
    setDone(null);
    const next: Partial<Record<UplineField, string>> = {};
    const problem = amountProblem(amount, '0', balanceToAmount(info.balance) || '0');
    if (problem === 'required') next.amount = t('cashier.amount_required');
    else if (problem === 'invalid') next.amount = t('cashier.amount_invalid');
    else if (problem === 'range') next.amount = t('errors.insufficient_funds');
    if (password === '') next.paymentPassword = t('cashier.payment_password_required');
    setErrors(next);
    if (Object.keys(next).length > 0) {
      setFormError(t('validation.check_fields'));
      return;
    }

    const sent = wireAmount(amount);
    transfer.mutate(
      // The password is left out of the id's key: it is typed again for every try.
      { requestId: requestId.take(sent), amount: sent, paymentPassword: password },
      {
        onSuccess: (result) => {
          requestId.settle();
          setAmount('');
          setPassword('');
          setDone(
            t('cashier.upline_sent', {
              amount: formatAmount(result.amount),
              name: result.counterparty || username,
            }),
          );
        },
        onError: (error) => {
          requestId.settle(error);
          setPassword('');
          const fields: Partial<Record<UplineField, string>> = {};
          if (fieldIssue(error, 'amount')) fields.amount = t('cashier.amount_invalid');
          if (fieldIssue(error, 'paymentPassword')) {
            fields.paymentPassword = t('cashier.payment_password_wrong');
          }
          setErrors(fields);
          setFormError(
            Object.keys(fields).length > 0 ? t('validation.check_fields') : errorText(t, error),
          );
        },
      },
    );
  };

  return (
    <form className="cashier-form" noValidate onSubmit={submit}>
      <p className="cashier-note">{t('cashier.upline_note', { name: username })}</p>
      <TextField
        label={t('cashier.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        required
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amount ?? null}
      />
      <TextField
        label={t('fields.paymentPassword')}
        name="paymentPassword"
        type="password"
        autoComplete="off"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.paymentPassword ?? null}
      />
      <FormAlert message={formError} />
      <FormAlert tone="success" message={done} />
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={transfer.isPending}
        aria-busy={transfer.isPending}
      >
        {t('cashier.upline_submit')}
      </button>
    </form>
  );
}
