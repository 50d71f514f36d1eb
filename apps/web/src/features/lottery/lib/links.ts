import type { LotteryFamilyCode } from '@taya/contracts';
import { paths } from '../../../lib/paths';

/**
 * Where a game is played. SPEC §2 gives the lottery routes (/lottery, /vnLottery, /seaLottery,
 * with gameCode, log-in needed) and the full-width game pages (/lottert, /vnlottery,
 * /sealottery): the hall links to the former; the latter show the same board without the side
 * menu, for a launched game on a phone.
 */
export function gameHref(game: { gameCode: string; family: LotteryFamilyCode }): string {
  switch (game.family) {
    case 'VN':
      return paths.vnLottery.href(game.gameCode);
    case 'SEA_4D':
    case 'THAI':
      return paths.seaLottery.href(game.gameCode);
    case 'ELOTT':
      return paths.lottery.href(game.gameCode);
  }
}
