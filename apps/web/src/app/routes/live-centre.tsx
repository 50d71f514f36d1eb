import { GameListCentreRoute } from '../../features/games/routes/game-list-centre';
import { LiveLobby } from '../../features/live/routes/live-lobby';

/** /live: the house's live tables first, then the live vendors' games (SPEC §2's list centre). */
export function LiveCentreRoute() {
  return (
    <>
      <LiveLobby />
      <GameListCentreRoute kind="LIVE" />
    </>
  );
}
