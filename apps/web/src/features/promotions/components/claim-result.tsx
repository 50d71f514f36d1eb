import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { memberTabs, paths } from '../../../lib/paths';
import { useMoney } from '../../../hooks/use-money';

/** What a claim (or a draw) paid: the amount, the wallet it went to and the turnover it added. */
export interface ClaimOutcome {
  title: string;
  amount: string;
  turnoverAdded: string;
  wallet: 'bonus' | 'main';
  currency: string;
  /** A draw that won nothing. */
  lost?: boolean;
}

export function ClaimResultDialog({
  outcome,
  onClose,
}: {
  outcome: ClaimOutcome;
  onClose: () => void;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const money = (amount: string) => fmt.money(amount, outcome.currency);
  const turnover = Number(outcome.turnoverAdded) > 0;
  return (
    <Modal
      title={outcome.lost ? t('promotions.draw_lost_title') : t('promotions.claimed_title')}
      onClose={onClose}
      testId="claim-result"
    >
      <div className="promo-result">
        <p className="promo-result-title">{outcome.title}</p>
        {outcome.lost ? (
          <p>{t('promotions.draw_lost')}</p>
        ) : (
          <>
            <p className="promo-result-amount" data-testid="claim-amount">
              {money(outcome.amount)}
            </p>
            <p>{t(`promotions.paid_to_${outcome.wallet}`)}</p>
            <p data-testid="claim-turnover">
              {turnover
                ? t('promotions.turnover_added', { amount: money(outcome.turnoverAdded) })
                : t('promotions.no_turnover_added')}
            </p>
          </>
        )}
        <div className="promo-result-actions">
          {!outcome.lost && turnover ? (
            <Link
              className="button button-secondary"
              to={paths.member.href(memberTabs.bonusDetails)}
            >
              {t('promotions.see_bonus_details')}
            </Link>
          ) : null}
          <button type="button" className="button button-primary" onClick={onClose}>
            {t('promotions.done')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
