import { useTranslation } from 'react-i18next';
import type { LotteryResultWire } from '@taya/contracts';
import { VN_TIERS, type VnTier } from '@taya/games';

/** A draw's numbers: the fast e-lottery's five balls, or a prize table for the other families. */
export function ResultView({
  result,
  compact = false,
}: {
  result: LotteryResultWire;
  /** One line: the balls, the VN special prize, the 4D first three, the Thai numbers. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  switch (result.kind) {
    case 'cancelled':
      return <span className="lottery-cancelled">{t('lottery.cancelled_issue')}</span>;
    case 'ELOTT':
      return (
        <span className="lottery-balls" aria-label={result.digits.join(' ')}>
          {result.digits.map((digit, index) => (
            <span key={index} className="lottery-ball">
              {digit}
            </span>
          ))}
        </span>
      );
    case 'THAI':
      return (
        <dl className="lottery-prizes is-inline">
          <div>
            <dt>{t('lottery.prizes.thai_first')}</dt>
            <dd>{result.first}</dd>
          </div>
          <div>
            <dt>{t('lottery.prizes.bottom2')}</dt>
            <dd>{result.bottom2}</dd>
          </div>
        </dl>
      );
    case 'SEA_4D': {
      const rows: [PrizeKey, readonly string[]][] = [
        ['first', [result.first]],
        ['second', [result.second]],
        ['third', [result.third]],
      ];
      if (!compact) {
        rows.push(['starters', result.starters], ['consolations', result.consolations]);
      }
      return <PrizeTable rows={rows} inline={compact} />;
    }
    case 'VN': {
      const rows: [PrizeKey, readonly string[]][] = VN_TIERS.filter(
        (tier) => result.prizes[tier]?.length,
      ).map((tier): [PrizeKey, readonly string[]] => [tier, result.prizes[tier]!]);
      return <PrizeTable rows={compact ? rows.slice(0, 1) : rows} inline={compact} />;
    }
  }
}

type PrizeKey = VnTier | 'starters' | 'consolations';

function PrizeTable({ rows, inline }: { rows: [PrizeKey, readonly string[]][]; inline: boolean }) {
  const { t } = useTranslation();
  return (
    <dl className={inline ? 'lottery-prizes is-inline' : 'lottery-prizes'}>
      {rows.map(([prize, numbers]) => (
        <div key={prize}>
          <dt>{t(`lottery.prizes.${prize}`)}</dt>
          <dd>
            {numbers.map((n, i) => (
              <span key={i} className="lottery-prize-number">
                {n}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
