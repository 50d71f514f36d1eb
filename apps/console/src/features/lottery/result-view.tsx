import { useTranslation } from 'react-i18next';
import type { LotteryResultWire } from '@taya/contracts';
import { resultShape } from './result-shape';

/** A compact line for a table cell: the top prize (or the five digits of a house draw). */
export function resultSummary(result: LotteryResultWire | null): string {
  if (!result) return '';
  switch (result.kind) {
    case 'ELOTT':
      return result.digits.join(' ');
    case 'VN':
      return result.prizes.special?.[0] ?? '';
    case 'SEA_4D':
      return result.first;
    case 'THAI':
      return `${result.first} · ${result.bottom2}`;
    case 'cancelled':
      return '';
  }
}

/** A result prize by prize, in the game's layout. */
export function ResultView({
  gameCode,
  result,
  testId,
}: {
  gameCode: string;
  result: LotteryResultWire;
  testId?: string;
}) {
  const { t } = useTranslation();
  const shape = resultShape(gameCode);
  if (result.kind === 'cancelled') return <p className="muted">{t('lottery.noResult')}</p>;
  if (result.kind === 'ELOTT' || !shape)
    return <code data-testid={testId}>{resultSummary(result)}</code>;
  const numbersOf = (key: string): readonly string[] => {
    switch (result.kind) {
      case 'VN':
        return result.prizes[key as keyof typeof result.prizes] ?? [];
      case 'SEA_4D':
        return key === 'starters' || key === 'consolations'
          ? result[key]
          : [result[key as 'first' | 'second' | 'third']];
      case 'THAI':
        return [result[key as 'first' | 'bottom2']];
    }
  };
  return (
    <dl className="details" data-testid={testId}>
      {shape.groups.map((g) => (
        <div key={g.key} style={{ display: 'contents' }}>
          <dt>{t(`lottery.prizes.${g.key as 'first'}`)}</dt>
          <dd>
            <code>{numbersOf(g.key).join('  ')}</code>
          </dd>
        </div>
      ))}
    </dl>
  );
}
