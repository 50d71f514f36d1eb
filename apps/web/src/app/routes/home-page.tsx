import { GameLobby } from '../../features/games/components/game-lobby';
import { HomeRoute } from '../../features/home/routes/home';
import { useSystemStatus } from '../../features/system/api/get-system-status';

/** The home page with the game lobby in it (and, later, the notice marquee and banners). */
export function HomePage() {
  // The status gate renders routes only once the status has arrived.
  const { data: status } = useSystemStatus();
  return (
    <HomeRoute
      lobby={(category) => (
        <GameLobby category={category} currencySymbol={status?.merchant.currencySymbol} />
      )}
    />
  );
}
