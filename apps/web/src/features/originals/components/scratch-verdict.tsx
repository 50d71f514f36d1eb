import { useTranslation } from 'react-i18next';
import { ScratchSymbol } from './scratch-art';

/** A replayed scratch card on the verify page: its nine symbols, the winning ones marked. */
export function ScratchVerdict({ outcome }: { outcome: Record<string, unknown> }) {
  const { t } = useTranslation();
  const grid = Array.isArray(outcome.grid) ? (outcome.grid as string[]) : [];
  const cells = Array.isArray(outcome.cells) ? (outcome.cells as number[]) : [];
  const prize = typeof outcome.prize === 'string' ? outcome.prize : null;
  return (
    <span className="sc-verdict">
      <span className="sc-verdict-grid" data-testid="ogv-scratch-grid">
        {grid.map((symbol, i) => (
          <span
            key={i}
            className={cells.includes(i) ? 'is-win' : undefined}
            data-symbol={symbol}
            title={t(`originals.scratch.symbols.${symbol}`, { defaultValue: symbol })}
          >
            <ScratchSymbol symbol={symbol} size={32} />
          </span>
        ))}
      </span>
      <span data-testid="ogv-scratch-prize">
        {prize
          ? `${t(`originals.scratch.symbols.${prize}`, { defaultValue: prize })} ×3`
          : t('originals.scratch.no_win')}
      </span>
    </span>
  );
}
