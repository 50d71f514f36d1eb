import { GamePageRoute, type GamePageKind } from '../../features/games/routes/game-page';
import { LotteryGameRoute } from '../../features/lottery/routes/lottery-game';
import { useSystemStatus } from '../../lib/system-status';

/**
 * A game page: the lottery game pages show the lottery board full-width; the seamless page is told
 * the merchant's currency so the game's amounts match the header's.
 */
export function GamePage({ kind }: { kind: GamePageKind }) {
  const { data: status } = useSystemStatus();
  const currency = status
    ? { code: status.merchant.currency, symbol: status.merchant.currencySymbol }
    : undefined;
  if (kind !== 'seamless') return <LotteryGameRoute screen={kind} />;
  return <GamePageRoute currency={currency} />;
}
