import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportsMarket } from '@taya/contracts';
import { selectionLabel } from '../lib/labels';

/** A selection in words: the team's name, Draw / Over / Yes…, a correct score; with its line. */
export function useSelectionText() {
  const { t } = useTranslation();
  return useCallback(
    (
      market: Pick<SportsMarket, 'kind' | 'line'>,
      selection: string,
      teams: { home: string; away: string },
    ): string => {
      const l = selectionLabel(market, selection);
      const name = l.team
        ? teams[l.team]
        : l.word
          ? t(`sports.sel.${l.word}`)
          : (l.score ?? selection);
      return l.line ? `${name} ${l.line}` : name;
    },
    [t],
  );
}

/** A market's name with its period ("Handicap · 1st half"). */
export function useMarketName() {
  const { t } = useTranslation();
  return useCallback(
    (market: Pick<SportsMarket, 'kind' | 'period'>): string => {
      const kind = t(`sports.kind.${market.kind}`);
      return market.period === 'h1' ? `${kind} · ${t('sports.period.h1')}` : kind;
    },
    [t],
  );
}
