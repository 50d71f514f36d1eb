import { useTranslation } from 'react-i18next';
import { sumBands } from '../lib/bet-types';

const threeNames: Record<string, 'front' | 'middle' | 'back'> = {
  '1,2,3': 'front',
  '2,3,4': 'middle',
  '3,4,5': 'back',
};

/** Names of bet types, picks and positions in the player's language. */
export function useBetLabels() {
  const { t } = useTranslation();
  const typeName = (code: string, fallback?: string) =>
    t(`lottery.bet_types.${code}`, { defaultValue: fallback ?? code });
  const pickName = (pick: string) =>
    (sumBands as readonly string[]).includes(pick) || /^\d+$/.test(pick)
      ? pick
      : t(`lottery.options.${pick}`, { defaultValue: pick });
  const positionsName = (positions: readonly number[]) => {
    if (positions.length === 0) return '';
    const three = threeNames[positions.join(',')];
    if (three && positions.length === 3) return t(`lottery.three.${three}`);
    return positions.map((p) => t(`lottery.position_names.p${p as 1 | 2 | 3 | 4 | 5}`)).join(', ');
  };
  /** "Sum big/small · Big" or "Direct 2 · 1st, 3rd · 07". */
  const betName = (type: string, selection: readonly string[], positions: readonly number[]) =>
    [typeName(type), positionsName(positions), selection.map(pickName).join(' ')]
      .filter(Boolean)
      .join(' · ');
  return { typeName, pickName, positionsName, betName };
}
