import { GamePageRoute, type GamePageKind } from '../../features/games/routes/game-page';
import { useSystemStatus } from '../../features/system/api/get-system-status';

/** A game page, told the merchant's currency so the game's amounts match the header's. */
export function GamePage({ kind }: { kind: GamePageKind }) {
  const { data: status } = useSystemStatus();
  const currency = status
    ? { code: status.merchant.currency, symbol: status.merchant.currencySymbol }
    : undefined;
  return <GamePageRoute kind={kind} currency={currency} />;
}
