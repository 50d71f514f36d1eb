import { Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { HomeBanners } from '../../features/content/components/home-banners';
import { NoticeMarquee } from '../../features/content/components/notice-marquee';
import { GameLobby } from '../../features/games/components/game-lobby';
import { HomeRoute } from '../../features/home/routes/home';
import { useSystemStatus } from '../../lib/system-status';
import { paths, searchParams } from '../../lib/paths';
import { onDemand } from '../../lib/on-demand';
import { useSessionToken } from '../../lib/session';

/** The register form loads only for a visitor who came by an invitation link. */
const RegisterPopup = onDemand(() =>
  import('../../features/auth/components/register-popup').then((m) => m.RegisterPopup),
).Component;

/**
 * The home page with the game lobby in it, and above the lobby's jackpot counter the notice
 * marquee and the banners (SPEC §2 order); a GAME banner starts its game through the lobby's
 * launch flow. An agent's invitation link (/?affiliateCode=…) opens the register popup over it
 * for a visitor, with the code filled in.
 */
export function HomePage() {
  // The status gate renders routes only once the status has arrived.
  const { data: status } = useSystemStatus();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const token = useSessionToken();
  const invited = Boolean(query.get(searchParams.affiliateCode)?.trim());
  return (
    <>
      <HomeRoute
        lobby={(category) => (
          <GameLobby
            category={category}
            top={({ launchGame }) => (
              <>
                <NoticeMarquee />
                <HomeBanners onGame={launchGame} />
              </>
            )}
          />
        )}
      />
      {invited && status && token === null ? (
        <Suspense fallback={null}>
          <RegisterPopup status={status} onClose={() => void navigate(paths.home.href())} />
        </Suspense>
      ) : null}
    </>
  );
}
