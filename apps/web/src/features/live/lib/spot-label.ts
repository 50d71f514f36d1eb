import type { TFunction } from 'i18next';

/** A spot's name in the player's language (`banker-pair` → "B Pair", `straight:17` → "Number 17"). */
export function spotLabel(t: TFunction, spot: string): string {
  const [kind, arg = ''] = spot.split(':');
  switch (kind) {
    case 'player':
    case 'banker':
    case 'tie':
    case 'dragon':
    case 'tiger':
    case 'big':
    case 'small':
    case 'odd':
    case 'even':
    case 'red':
    case 'black':
    case 'low':
    case 'high':
      return t(`live.spots.${kind}`);
    case 'player-pair':
      return t('live.spots.player_pair');
    case 'banker-pair':
      return t('live.spots.banker_pair');
    case 'suited-tie':
      return t('live.spots.suited_tie');
    case 'any-triple':
      return t('live.spots.any_triple');
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'line':
    case 'column':
    case 'dozen':
    case 'total':
    case 'triple':
    case 'double':
    case 'combo':
    case 'single':
      return t(`live.spots.${kind}`, { n: arg });
    default: {
      // Dragon tiger's side bets: `dragon-big` → "Dragon Big".
      const [who, what] = spot.split('-');
      if ((who === 'dragon' || who === 'tiger') && what)
        return `${t(`live.spots.${who}`)} ${spotLabel(t, what)}`;
      return spot;
    }
  }
}
