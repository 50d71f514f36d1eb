import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadProblem } from '../../../components/load-problem';
import { PageLoader } from '../../../components/page-loader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { useOriginalInfo } from '../api/get-info';
import { DiceGame } from '../components/dice-game';
import { KenoGame } from '../components/keno-game';
import { LimboGame } from '../components/limbo-game';
import { MinesGame } from '../components/mines-game';
import { PlinkoGame } from '../components/plinko-game';
import { ScratchGame } from '../components/scratch-game';
import { VideoPokerGame } from '../components/video-poker-game';
import { BlackjackGame } from '../components/blackjack-game';
import { isPlayableOriginal, type PlayableOriginal } from '../lib/engines';
import { CrashPage } from '../crash/crash-page';
import { BingoPage } from '../bingo/bingo-page';
import { ColorGamePage } from '../color/color-page';

/**
 * /originals/:game — dice, limbo, plinko, keno, the scratch cards (`?card=`), mines or the video
 * pokers; `?mode=demo` opens
 * it with play money.
 */
export function OriginalGameRoute() {
  const { game } = useParams();
  const { t } = useTranslation();
  const [query] = useSearchParams();
  if (game === 'crash') return <CrashPage demoFirst={query.get('mode') === 'demo'} />;
  if (game === 'bingo') return <BingoPage demoFirst={query.get('mode') === 'demo'} />;
  if (game === 'color-game') return <ColorGamePage demoFirst={query.get('mode') === 'demo'} />;
  if (!isPlayableOriginal(game)) {
    return (
      <section className="panel og-missing" data-testid="og-unknown">
        <h1>{t('originals.unknown_game')}</h1>
        <Link className="button button-primary" to={paths.home.href()}>
          {t('game.back')}
        </Link>
      </section>
    );
  }
  return <OriginalGame key={game} game={game} />;
}

function OriginalGame({ game }: { game: PlayableOriginal }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const info = useOriginalInfo(game);
  const title = t(`originals.names.${game}`);
  useDocumentTitle(title);
  if (info.isError)
    return <LoadProblem message={errorText(t, info.error)} onRetry={() => void info.refetch()} />;
  if (!info.data) return <PageLoader />;
  const demoFirst = query.get('mode') === 'demo';
  if (game === 'jacks-or-better' || game === 'deuces-wild')
    return <VideoPokerGame game={game} info={info.data} title={title} demoFirst={demoFirst} />;
  if (game === 'blackjack')
    return <BlackjackGame info={info.data} title={title} demoFirst={demoFirst} />;
  const Game = {
    dice: DiceGame,
    limbo: LimboGame,
    plinko: PlinkoGame,
    keno: KenoGame,
    scratch: ScratchGame,
    mines: MinesGame,
  }[game];
  return <Game info={info.data} title={title} demoFirst={demoFirst} />;
}

/**
 * /originals/:game, the address the server's game launch gives an original: the same page
 * under its own path (the server's /originals/… are API calls, so the page lives at /house/…).
 */
export function OriginalLaunchRoute() {
  const { game } = useParams();
  const { search } = useLocation();
  const demo = new URLSearchParams(search).get('mode') === 'demo';
  return <Navigate replace to={paths.original.href(game ?? '', demo)} />;
}
