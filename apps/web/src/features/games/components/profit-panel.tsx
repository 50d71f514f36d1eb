import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { SelectField } from '../../../components/select-field';
import { SignedAmount } from '../../../components/signed-amount';
import { errorText } from '../../../lib/error-text';
import { isBetGameType } from '../../../lib/game-categories';
import { useProfit } from '../api/get-profit';
import { isPeriodPreset, periodPresets, periodRange, type PeriodPreset } from '../lib/periods';
import { useMoney } from '../../../hooks/use-money';

/**
 * Profit and loss (member centre, personalProfit): the member's bets, valid bet, payout and
 * result per game type, with the total, over the last 7 or 30 days.
 */
export function ProfitPanel() {
  const fmt = useMoney();
  const { t } = useTranslation();
  const [preset, setPreset] = useState<PeriodPreset>('last7');
  // Fixed when the period is chosen, so the query key does not move on every render.
  const range = useMemo(() => periodRange(preset), [preset]);
  const profit = useProfit(range);
  const typeName = (type: string) => (isBetGameType(type) ? t(`categories.${type}`) : type);

  let body;
  if (profit.isPending) body = <PageLoader />;
  else if (profit.isError) body = <FormAlert message={errorText(t, profit.error)} />;
  else if (profit.data.byGameType.length === 0) {
    body = (
      <p className="muted" data-testid="profit-empty">
        {t('bets.profit_none')}
      </p>
    );
  } else {
    body = (
      <div className="table-scroll" aria-busy={profit.isPlaceholderData}>
        <table className="profit-table" data-testid="profit-table">
          <thead>
            <tr>
              <th scope="col">{t('bets.game_type')}</th>
              <th scope="col">{t('bets.count')}</th>
              <th scope="col">{t('bets.valid_bet')}</th>
              <th scope="col">{t('bets.payout')}</th>
              <th scope="col">{t('bets.win_loss')}</th>
            </tr>
          </thead>
          <tbody>
            {profit.data.byGameType.map((row) => (
              <tr key={row.gameType} data-testid="profit-row">
                <th scope="row">{typeName(row.gameType)}</th>
                <td>{row.count}</td>
                <td>{fmt.amount(row.validBet)}</td>
                <td>{fmt.amount(row.payout)}</td>
                <td>
                  <SignedAmount value={row.winLoss} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="profit-total">
              <th scope="row">{t('bets.total')}</th>
              <td>{profit.data.total.count}</td>
              <td>{fmt.amount(profit.data.total.validBet)}</td>
              <td>{fmt.amount(profit.data.total.payout)}</td>
              <td>
                <SignedAmount value={profit.data.total.winLoss} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    );
  }

  return (
    <Section block="cashier-section" title={t('member.tabs.personalProfit')} testId="profit">
      <div className="record-filters">
        <SelectField
          label={t('cashier.period')}
          value={preset}
          onChange={(event) => {
            if (isPeriodPreset(event.target.value)) setPreset(event.target.value);
          }}
        >
          {periodPresets.map((item) => (
            <option key={item} value={item}>
              {t(`cashier.preset.${item}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {body}
    </Section>
  );
}
