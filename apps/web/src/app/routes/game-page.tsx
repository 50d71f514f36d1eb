import { GamePageRoute, type GamePageKind } from '../../features/games/routes/game-page';
import { LotteryGameRoute } from '../../features/lottery/routes/lottery-game';

/** A game page: the lottery game pages show the lottery board full-width, else the seamless one. */
export function GamePage({ kind }: { kind: GamePageKind }) {
  if (kind !== 'seamless') return <LotteryGameRoute screen={kind} />;
  return <GamePageRoute />;
}
