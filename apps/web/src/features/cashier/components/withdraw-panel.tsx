import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { usePayoutAccounts } from '../api/get-payout-accounts';
import { useWithdrawInfo } from '../api/get-withdraw-info';
import { errorText, fieldIssue, turnoverFromError } from '../lib/errors';
import { amountProblem, toMinor, wireAmount } from '../lib/money';
import type { PayoutAccount, WithdrawInfo } from '../lib/types';
import { AddPayoutAccount } from './add-payout-account';
import { LoadError } from './load-error';
import { AmountField, PaymentPasswordField } from './money-fields';
import { WithdrawalList } from './withdrawal-list';
import { useMoney } from '../../../hooks/use-money';

export function WithdrawPanel() {
  const { t } = useTranslation();
  const info = useWithdrawInfo();

  let content;
  if (info.isPending) content = <PageLoader />;
  else if (info.isError) {
    content = (
      <Section block="cashier-section" title={t('cashier.withdraw_title')}>
        <LoadError error={info.error} onRetry={() => void info.refetch()} />
      </Section>
    );
  } else {
    content = (
      <>
        <WithdrawInfoCard info={info.data} />
        <WithdrawForm info={info.data} />
      </>
    );
  }

  return (
    <div className="cashier-stack">
      {content}
      <WithdrawalList />
    </div>
  );
}

function owesTurnover(info: WithdrawInfo): boolean {
  return (toMinor(info.turnoverRemaining) ?? 0n) > 0n;
}

function WithdrawInfoCard({ info }: { info: WithdrawInfo }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  return (
    <Section block="cashier-section" title={t('cashier.withdraw_info')} testId="withdraw-info">
      <dl className="info-grid">
        <div>
          <dt>{t('cashier.available_balance')}</dt>
          <dd>{fmt.money(info.balance)}</dd>
        </div>
        <div>
          <dt>{t('cashier.withdraw_limits')}</dt>
          <dd>
            {fmt.money(info.minAmount)} – {fmt.money(info.maxAmount)}
          </dd>
        </div>
        <div>
          <dt>{t('cashier.used_today')}</dt>
          <dd>{t('cashier.count_of', { used: info.usedToday, total: info.dailyCount })}</dd>
        </div>
        <div>
          <dt>{t('cashier.turnover_remaining')}</dt>
          <dd>{fmt.money(info.turnoverRemaining)}</dd>
        </div>
      </dl>
    </Section>
  );
}

type WithdrawField = 'payoutAccountId' | 'amount' | 'paymentPassword';

function WithdrawForm({ info }: { info: WithdrawInfo }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const accounts = usePayoutAccounts();
  const createWithdrawal = useCreateWithdrawal();
  const legendId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<WithdrawField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const list: PayoutAccount[] = accounts.data ?? [];
  const account = list.find((item) => item.id === chosen) ?? list[0] ?? null;
  const turnoverOwed = owesTurnover(info);
  const dailyLimitReached = info.dailyCount > 0 && info.usedToday >= info.dailyCount;
  const blocked = turnoverOwed || dailyLimitReached;

  const rangeText = t('cashier.amount_range', {
    min: fmt.money(info.minAmount),
    max: fmt.money(info.maxAmount),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked || createWithdrawal.isPending) return;
    setFormError(null);
    setDone(null);
    const next: Partial<Record<WithdrawField, string>> = {};
    if (!account) next.payoutAccountId = t('cashier.choose_payout_account');
    const problem = amountProblem(amount, info.minAmount, info.maxAmount);
    if (problem === 'required') next.amount = t('cashier.amount_required');
    else if (problem === 'invalid') next.amount = t('cashier.amount_invalid');
    else if (problem === 'range') next.amount = rangeText;
    if (password === '') next.paymentPassword = t('cashier.payment_password_required');
    setErrors(next);
    if (!account || Object.keys(next).length > 0) {
      setFormError(t('validation.check_fields'));
      return;
    }

    createWithdrawal.mutate(
      { payoutAccountId: account.id, amount: wireAmount(amount), paymentPassword: password },
      {
        onSuccess: (withdrawal) => {
          setAmount('');
          setPassword('');
          setDone(t('cashier.withdraw_submitted', { amount: fmt.money(withdrawal.amount) }));
        },
        onError: (error) => {
          setPassword('');
          const owed = turnoverFromError(error);
          if (owed !== null) {
            setFormError(t('cashier.turnover_owed', { amount: fmt.money(owed) }));
            return;
          }
          const fields: Partial<Record<WithdrawField, string>> = {};
          if (fieldIssue(error, 'amount')) fields.amount = rangeText;
          if (fieldIssue(error, 'paymentPassword')) {
            fields.paymentPassword = t('cashier.payment_password_wrong');
          }
          if (fieldIssue(error, 'payoutAccountId')) {
            fields.payoutAccountId = t('cashier.choose_payout_account');
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
    <Section block="cashier-section" title={t('cashier.withdraw_title')} testId="withdraw-form">
      {turnoverOwed ? (
        <p className="cashier-warning" role="note" data-testid="turnover-note">
          {t('cashier.turnover_owed', { amount: fmt.money(info.turnoverRemaining) })}
        </p>
      ) : null}
      {dailyLimitReached ? (
        <p className="cashier-warning" role="note">
          {t('cashier.daily_limit_reached', { total: info.dailyCount })}
        </p>
      ) : null}

      <form className="cashier-form" noValidate onSubmit={submit}>
        <fieldset className="channel-group" aria-labelledby={legendId}>
          <legend id={legendId} className="field-label" data-required="true">
            {t('cashier.payout_account')}
          </legend>
          {accounts.isPending ? <PageLoader /> : null}
          {accounts.isError ? <FormAlert message={errorText(t, accounts.error)} /> : null}
          {accounts.isSuccess && list.length === 0 ? (
            <p className="muted">{t('cashier.no_payout_accounts')}</p>
          ) : null}
          <div className="channel-cards" data-testid="payout-accounts">
            {list.map((item) => (
              <label key={item.id} className="choice channel-card">
                <input
                  type="radio"
                  name="payoutAccountId"
                  value={item.id}
                  checked={account?.id === item.id}
                  onChange={() => setChosen(item.id)}
                />
                <span className="channel-text">
                  <span className="channel-name">
                    {item.provider} · {item.accountNumber}
                  </span>
                  <span className="channel-meta">
                    {t(`cashier.payout_kind.${item.kind}`)} · {item.accountName}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.payoutAccountId ? <p className="field-error">{errors.payoutAccountId}</p> : null}
          <button type="button" className="link-button add-payout" onClick={() => setAdding(true)}>
            {t('cashier.add_payout_account')}
          </button>
        </fieldset>

        <AmountField
          value={amount}
          onChange={setAmount}
          error={errors.amount ?? null}
          hint={t('cashier.amount_hint', {
            min: fmt.money(info.minAmount),
            max: fmt.money(info.maxAmount),
          })}
        />
        <PaymentPasswordField
          value={password}
          onChange={setPassword}
          error={errors.paymentPassword ?? null}
        />

        <FormAlert message={formError} />
        <FormAlert tone="success" message={done} />

        <button
          type="submit"
          className="button button-primary button-block"
          disabled={blocked || createWithdrawal.isPending}
          aria-busy={createWithdrawal.isPending}
        >
          {t('cashier.submit_withdraw')}
        </button>
      </form>

      {adding ? (
        <AddPayoutAccount
          onClose={() => setAdding(false)}
          onAdded={(added) => {
            setChosen(added.id);
            setErrors(({ payoutAccountId: _dropped, ...rest }) => rest);
            setAdding(false);
          }}
        />
      ) : null}
    </Section>
  );
}
