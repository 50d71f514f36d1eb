import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { walletAccountTypes } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { Icon } from '../../../components/icon';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { useMerchantWallets } from '../api/get-merchant-wallets';
import { useWalletBalances } from '../api/get-wallet-balances';
import { useRecallWallets } from '../api/recall-wallets';
import { useTransferWallet } from '../api/transfer-wallet';
import { errorText, fieldIssue } from '../lib/errors';
import { amountProblem, balanceToAmount, sumAmounts, wireAmount } from '../lib/money';
import { useRequestId } from '../lib/request-id';
import type { VendorWallet, WalletBalance, WalletReturn, WalletTransfer } from '../lib/types';
import { LoadError } from './load-error';
import { AmountField } from './money-fields';
import { MaintenanceChip, TransferStatusChip } from './status-chip';
import { useMoney } from '../../../hooks/use-money';

const mainId = walletAccountTypes.main;

/** A wallet the member can move money between: the main wallet or one game wallet. */
interface WalletSide {
  accountTypeId: number;
  name: string;
  maintenance: boolean;
}

function balanceOf(balances: WalletBalance, accountTypeId: number): string {
  return balances.balance.find((item) => item.accountTypeId === accountTypeId)?.availBalance ?? '0';
}

/**
 * "My wallet" (transferFund): the main wallet and each game wallet of a transfer-type merchant,
 * moves between the main wallet and one game wallet, and recalls everything to the main wallet.
 */
export function MyWalletPanel() {
  const { t } = useTranslation();
  const merchant = useMerchantWallets();
  const balances = useWalletBalances();

  if (merchant.isPending || balances.isPending) return <PageLoader />;
  if (merchant.isError || balances.isError) {
    const error = merchant.error ?? balances.error;
    return (
      <Section block="cashier-section" title={t('cashier.my_wallet')}>
        <LoadError
          error={error}
          onRetry={() => {
            if (merchant.isError) void merchant.refetch();
            if (balances.isError) void balances.refetch();
          }}
        />
      </Section>
    );
  }

  const main: WalletSide = {
    accountTypeId: mainId,
    name: t('cashier.wallet_kind.main'),
    maintenance: false,
  };
  const vendors: VendorWallet[] = merchant.data.wallets.filter(
    (wallet) => wallet.accountTypeId !== mainId,
  );

  return (
    <div className="cashier-stack">
      <WalletList main={main} vendors={vendors} balances={balances.data} />
      <TransferForm main={main} vendors={vendors} balances={balances.data} />
    </div>
  );
}

function WalletList({
  main,
  vendors,
  balances,
}: {
  main: WalletSide;
  vendors: VendorWallet[];
  balances: WalletBalance;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const recall = useRecallWallets();
  const [recalled, setRecalled] = useState<WalletReturn | null>(null);
  const [recallError, setRecallError] = useState<string | null>(null);

  const recallAll = () => {
    if (recall.isPending) return;
    setRecalled(null);
    setRecallError(null);
    recall.mutate(undefined, {
      onSuccess: setRecalled,
      onError: (error) => setRecallError(errorText(t, error)),
    });
  };

  const rows: WalletSide[] = [main, ...vendors];

  return (
    <Section
      block="cashier-section"
      title={t('cashier.my_wallet')}
      testId="my-wallet"
      action={
        <button
          type="button"
          className="button button-secondary"
          disabled={recall.isPending || vendors.length === 0}
          aria-busy={recall.isPending}
          onClick={recallAll}
        >
          {t('cashier.recall_all')}
        </button>
      }
    >
      <ul className="wallet-list">
        {rows.map((wallet) => (
          <li
            key={wallet.accountTypeId}
            className={wallet.accountTypeId === mainId ? 'wallet-row is-main' : 'wallet-row'}
            data-testid={`wallet-${wallet.accountTypeId}`}
          >
            <span className="wallet-name">
              {wallet.name}
              {wallet.maintenance ? <MaintenanceChip /> : null}
            </span>
            <span className="wallet-amount">
              {fmt.money(balanceOf(balances, wallet.accountTypeId))}
            </span>
          </li>
        ))}
      </ul>
      <FormAlert message={recallError} />
      {recalled ? <RecallResult result={recalled} /> : null}
    </Section>
  );
}

function RecallResult({ result }: { result: WalletReturn }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const { transfers } = result;
  if (transfers.length === 0) {
    return <FormAlert tone="success" message={t('cashier.recall_nothing')} />;
  }
  const completed = transfers.filter((item) => item.status === 'completed');
  const amount = fmt.money(sumAmounts(completed.map((item) => item.amount)));
  return (
    <div className="recall-result" data-testid="recall-result">
      {completed.length > 0 ? (
        <FormAlert tone="success" message={t('cashier.recall_done', { amount })} />
      ) : null}
      {transfers.some((item) => item.status === 'pending') ? (
        <p className="cashier-warning" role="status">
          {t('cashier.recall_pending')}
        </p>
      ) : null}
      {transfers.some((item) => item.status === 'failed') ? (
        <FormAlert message={t('cashier.recall_failed')} />
      ) : null}
    </div>
  );
}

function TransferForm({
  main,
  vendors,
  balances,
}: {
  main: WalletSide;
  vendors: VendorWallet[];
  balances: WalletBalance;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const transfer = useTransferWallet();
  const requestId = useRequestId();
  const fromId = useId();
  const toId = useId();
  const [from, setFrom] = useState<number>(mainId);
  const [to, setTo] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<WalletTransfer | null>(null);

  const sides: WalletSide[] = [main, ...vendors];
  const nameOf = (id: number) => sides.find((item) => item.accountTypeId === id)?.name ?? '';
  // One side is always the main wallet; a game wallet under maintenance takes no part.
  const source = sides.find((item) => item.accountTypeId === from && !item.maintenance) ?? main;
  const targets: WalletSide[] = source.accountTypeId === mainId ? vendors : [main];
  const target =
    targets.find((item) => item.accountTypeId === to && !item.maintenance) ??
    targets.find((item) => !item.maintenance) ??
    null;
  const sourceBalance = balanceOf(balances, source.accountTypeId);

  const clearMessages = () => {
    setAmountError(null);
    setFormError(null);
    setResult(null);
  };

  const chooseFrom = (id: number) => {
    setFrom(id);
    // Leaving the main wallet means going to it; coming back keeps the chosen game wallet.
    if (id !== mainId) setTo(mainId);
    else if (to === mainId) setTo(null);
    clearMessages();
  };

  const swap = () => {
    if (!target) return;
    setFrom(target.accountTypeId);
    setTo(source.accountTypeId);
    clearMessages();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (transfer.isPending || !target) return;
    setFormError(null);
    setResult(null);
    const problem = amountProblem(amount, '0', balanceToAmount(sourceBalance) || '0');
    if (problem) {
      setAmountError(
        problem === 'required'
          ? t('cashier.amount_required')
          : problem === 'invalid'
            ? t('cashier.amount_invalid')
            : t('errors.insufficient_funds'),
      );
      return;
    }
    setAmountError(null);
    const body = {
      fromAccountTypeId: source.accountTypeId,
      toAccountTypeId: target.accountTypeId,
      amount: wireAmount(amount),
    };
    transfer.mutate(
      { ...body, requestId: requestId.take(JSON.stringify(body)) },
      {
        onSuccess: (done) => {
          requestId.settle();
          setResult(done);
          if (done.status !== 'failed') setAmount('');
        },
        onError: (error) => {
          requestId.settle(error);
          if (fieldIssue(error, 'amount')) {
            setAmountError(t('cashier.amount_invalid'));
            setFormError(t('validation.check_fields'));
          } else {
            setFormError(errorText(t, error));
          }
        },
      },
    );
  };

  const option = (wallet: WalletSide) => (
    <option key={wallet.accountTypeId} value={wallet.accountTypeId} disabled={wallet.maintenance}>
      {`${wallet.name} · ${
        wallet.maintenance
          ? t('cashier.maintenance')
          : fmt.money(balanceOf(balances, wallet.accountTypeId))
      }`}
    </option>
  );

  return (
    <Section block="cashier-section" title={t('cashier.transfer_title')} testId="wallet-transfer">
      <form className="cashier-form" noValidate onSubmit={submit}>
        <div className="transfer-sides">
          <div className="field">
            <label htmlFor={fromId} className="field-label">
              {t('cashier.transfer_from')}
            </label>
            <div className="field-control">
              <select
                id={fromId}
                className="field-input"
                value={source.accountTypeId}
                onChange={(event) => chooseFrom(Number(event.target.value))}
              >
                {sides.map(option)}
              </select>
            </div>
          </div>
          <button
            type="button"
            className="icon-button transfer-swap"
            aria-label={t('cashier.swap_wallets')}
            title={t('cashier.swap_wallets')}
            disabled={!target}
            onClick={swap}
          >
            <Icon name="swap" size={20} />
          </button>
          <div className="field">
            <label htmlFor={toId} className="field-label">
              {t('cashier.transfer_to_wallet')}
            </label>
            <div className="field-control">
              <select
                id={toId}
                className="field-input"
                value={target?.accountTypeId ?? ''}
                disabled={!target}
                onChange={(event) => {
                  setTo(Number(event.target.value));
                  clearMessages();
                }}
              >
                {target ? null : <option value="">{t('cashier.no_game_wallet')}</option>}
                {targets.map(option)}
              </select>
            </div>
          </div>
        </div>
        {target ? null : (
          <p className="cashier-note" role="note">
            {t('cashier.no_game_wallet')}
          </p>
        )}

        <AmountField
          value={amount}
          onChange={setAmount}
          error={amountError}
          hint={t('cashier.transfer_available', {
            name: source.name,
            amount: fmt.money(sourceBalance),
          })}
          action={
            <button
              type="button"
              className="button button-secondary field-action"
              onClick={() => {
                setAmount(balanceToAmount(sourceBalance));
                setAmountError(null);
              }}
            >
              {t('cashier.all')}
            </button>
          }
        />

        <FormAlert message={formError} />
        {result ? <TransferResult result={result} nameOf={nameOf} /> : null}

        <button
          type="submit"
          className="button button-primary button-block"
          disabled={transfer.isPending || !target}
          aria-busy={transfer.isPending}
        >
          {t('cashier.transfer_submit')}
        </button>
      </form>
    </Section>
  );
}

function TransferResult({
  result,
  nameOf,
}: {
  result: WalletTransfer;
  nameOf: (accountTypeId: number) => string;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const values = {
    amount: fmt.money(result.amount),
    from: nameOf(result.fromAccountTypeId),
    to: nameOf(result.toAccountTypeId),
  };
  return (
    <p
      className={`transfer-result is-${result.status}`}
      role={result.status === 'failed' ? 'alert' : 'status'}
      data-testid="transfer-result"
    >
      <TransferStatusChip status={result.status} />{' '}
      {t(`cashier.transfer_result.${result.status}`, values)}
    </p>
  );
}
