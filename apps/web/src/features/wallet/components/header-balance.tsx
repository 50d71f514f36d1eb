import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { useMoney } from '../../../hooks/use-money';
import { memberTabs, paths } from '../../../lib/paths';
import { readStored, writeStored } from '../../../lib/storage';
import { useBonusBalance } from '../api/get-bonus-balance';
import { useWalletBalance } from '../api/get-wallet-balance';

/** The player's choice to hide the balance outlives the session (localStorage). */
export const hideBalanceStorageKey = 'taya.hideBalance';

/** What shows in place of the amount while it is hidden (SPEC §2). */
const hiddenAmount = '***';

function useHiddenBalance() {
  const [hidden, setHidden] = useState(() => readStored('local', hideBalanceStorageKey) === '1');
  const toggle = () => {
    const next = !hidden;
    writeStored('local', hideBalanceStorageKey, next ? '1' : null);
    setHidden(next);
  };
  return { hidden, toggle };
}

/**
 * The header's wallet corner for members and agents (SPEC §2): the cash balance and, under it,
 * the bonus balance, both with the merchant's currency symbol in the player's language; a hide
 * toggle, a refresh button, and deposit and withdraw links.
 */
export function HeaderBalance() {
  const { t } = useTranslation();
  const balance = useWalletBalance();
  const bonus = useBonusBalance();
  const { money } = useMoney();
  const { hidden, toggle } = useHiddenBalance();
  const { data } = balance;
  const refreshing = balance.isFetching || bonus.isFetching;
  const show = (amount: string) => (hidden ? hiddenAmount : money(amount, data?.currency));

  let amount;
  if (data) {
    amount = show(data.sumBalance);
  } else if (balance.isError) {
    amount = (
      <>
        <span aria-hidden="true">--</span>
        <span className="visually-hidden">{t('wallet.balance_unavailable')}</span>
      </>
    );
  } else {
    amount = (
      <>
        <span aria-hidden="true">…</span>
        <span className="visually-hidden">{t('wallet.balance_loading')}</span>
      </>
    );
  }

  return (
    <div className="wallet-bar" data-testid="header-balance">
      <div className="balance" role="group" aria-label={t('wallet.balance')}>
        <span className="balance-amounts" aria-live="polite">
          <span
            className="balance-amount"
            data-testid="balance-amount"
            title={balance.isError && !data ? t('wallet.balance_unavailable') : undefined}
          >
            {amount}
          </span>
          {data && bonus.data !== undefined ? (
            <span className="balance-bonus" data-testid="header-bonus">
              <span className="balance-bonus-label">{t('wallet.bonus')}</span>{' '}
              <span data-testid="bonus-amount">{show(bonus.data)}</span>
            </span>
          ) : null}
        </span>
        <button
          type="button"
          className="icon-button balance-button"
          aria-label={t('wallet.hide_balance')}
          aria-pressed={hidden}
          title={t('wallet.hide_balance')}
          onClick={toggle}
        >
          <Icon name={hidden ? 'eyeOff' : 'eye'} size={18} />
        </button>
        <button
          type="button"
          className="icon-button balance-button"
          aria-label={t('wallet.refresh_balance')}
          aria-busy={refreshing}
          title={t('wallet.refresh_balance')}
          onClick={() => {
            if (refreshing) return;
            void balance.refetch();
            void bonus.refetch();
          }}
        >
          <span className={refreshing ? 'refresh-icon is-spinning' : 'refresh-icon'}>
            <Icon name="refresh" size={18} />
          </span>
        </button>
      </div>
      <div className="wallet-links">
        <Link
          to={paths.member.href(memberTabs.deposit)}
          className="button button-primary wallet-link"
          title={t('wallet.deposit')}
        >
          <Icon name="deposit" size={18} />
          <span className="wallet-link-label">{t('wallet.deposit')}</span>
        </Link>
        <Link
          to={paths.member.href(memberTabs.withdraw)}
          className="button button-secondary wallet-link"
          title={t('wallet.withdraw')}
        >
          <Icon name="withdraw" size={18} />
          <span className="wallet-link-label">{t('wallet.withdraw')}</span>
        </Link>
      </div>
    </div>
  );
}
