import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  houseGameArtUrl,
  lotteryFamilies,
  type LotteryFamilyCode,
  type LotteryGame,
} from '@taya/contracts';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLotteryHistory } from '../api/get-lottery-history';
import { useLotteryMenu } from '../api/get-lottery-menu';
import { useRecentLotteryGames } from '../api/get-recent-lottery-games';
import { useGameName } from '../components/game-name';
import { IssueCountdown } from '../components/issue-countdown';
import { ResultView } from '../components/result-view';
import { gameHref } from '../lib/links';
import { useCountdown } from '../lib/use-countdown';

/** Which hall: the lottery centre (/lott) or the fast e-lottery centre (/elott). */
export type LotteryHallKind = 'lott' | 'elott';

/** The families in the order a hall lists them: its own family first. */
function familyOrder(kind: LotteryHallKind): LotteryFamilyCode[] {
  return kind === 'elott'
    ? [...lotteryFamilies]
    : [...lotteryFamilies.filter((f) => f !== 'ELOTT'), 'ELOTT'];
}

/**
 * The lottery hall (SPEC §2 /lott, /elott): every game by family, with its open issue, the time
 * left to bet and the last result, linking to the game's page.
 */
export function LotteryHallRoute({ kind }: { kind: LotteryHallKind }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = t(`lottery.hall.${kind}`);
  useDocumentTitle(title);
  // Issues close and open all the time: re-read the menu so the open issues stay current.
  const menu = useLotteryMenu();

  let body;
  if (menu.isPending) body = <PageLoader />;
  else if (menu.isError) {
    body = (
      <LoadError
        error={menu.error}
        onRetry={() => void menu.refetch()}
        retryLabel={t('lottery.retry')}
      />
    );
  } else if (menu.data.games.length === 0) {
    body = (
      <p className="empty-state" data-testid="lottery-empty">
        {t('lottery.no_games')}
      </p>
    );
  } else {
    const games = menu.data.games;
    body = familyOrder(kind)
      .map((family) => ({ family, list: games.filter((g) => g.family === family) }))
      .filter(({ list }) => list.length > 0)
      .map(({ family, list }) => (
        <section
          key={family}
          className="lottery-family"
          aria-labelledby={`${titleId}-${family}`}
          data-testid={`lottery-family-${family}`}
        >
          <h2 id={`${titleId}-${family}`} className="lottery-family-title">
            {t(`lottery.families.${family}`)}
          </h2>
          <ul className="lottery-hall-grid">
            {list.map((game) => (
              <li key={game.gameCode}>
                <HallCard game={game} onClosed={() => void menu.refetch()} />
              </li>
            ))}
          </ul>
        </section>
      ));
  }

  return (
    <section className="lottery-hall" aria-labelledby={titleId} data-testid="lottery-hall">
      <h1 id={titleId} className="game-centre-title">
        {title}
      </h1>
      {menu.data ? <RecentGames games={menu.data.games} /> : null}
      {body}
    </section>
  );
}

/** The games the member bet on lately, as quick links (nothing for visitors or newcomers). */
function RecentGames({ games }: { games: LotteryGame[] }) {
  const { t } = useTranslation();
  const gameName = useGameName();
  const recent = useRecentLotteryGames();
  const list = (recent.data?.list ?? []).flatMap((entry) => {
    const game = games.find((g) => g.gameCode === entry.gameCode);
    return game ? [game] : [];
  });
  if (list.length === 0) return null;
  return (
    <nav className="lottery-recent-games" aria-label={t('lottery.recent_games')}>
      <span className="muted">{t('lottery.recent_games')}</span>
      {list.map((game) => (
        <Link key={game.gameCode} className="chip" to={gameHref(game)}>
          {gameName(game.gameCode, game.name)}
        </Link>
      ))}
    </nav>
  );
}

function HallCard({ game, onClosed }: { game: LotteryGame; onClosed: () => void }) {
  const { t } = useTranslation();
  const gameName = useGameName();
  const issue = game.openIssue;
  const left = useCountdown(issue?.closesAt ?? null, null, null);
  const last = useLotteryHistory(game.gameCode, 1, 1);
  const lastIssue = last.data?.list[0];
  const name = gameName(game.gameCode, game.name);
  const art = houseGameArtUrl(game.gameCode);
  return (
    <article className="lottery-card" data-testid={`lottery-card-${game.gameCode}`}>
      <header className="lottery-card-head">
        {art ? (
          <img
            className="lottery-card-art"
            src={art}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <div className="lottery-card-title">
          <h3 className="lottery-card-name">{name}</h3>
          <span className="lottery-card-schedule muted">
            {game.intervalSeconds !== null
              ? t('lottery.every_minutes', { minutes: game.intervalSeconds / 60 })
              : t('lottery.daily_at', { time: game.drawTime ?? '' })}
          </span>
        </div>
      </header>
      <div className="lottery-card-issue">
        {issue ? (
          <>
            <span className="muted">{t('lottery.issue', { issue: issue.issueId })}</span>
            <IssueCountdown seconds={left} />
            {left === 0 ? <ClosedRefresh onClosed={onClosed} /> : null}
          </>
        ) : (
          <span className="muted">{t('lottery.no_open_issue')}</span>
        )}
      </div>
      <div className="lottery-card-last">
        <span className="muted">{t('lottery.last_result')}</span>
        {lastIssue?.result ? (
          <>
            <span className="lottery-card-last-issue">{lastIssue.issueId}</span>
            <ResultView result={lastIssue.result} compact />
          </>
        ) : (
          <span className="muted">{t('lottery.no_results')}</span>
        )}
      </div>
      <Link
        className="button button-primary button-block"
        to={gameHref(game)}
        aria-label={t('lottery.play_game', { name })}
      >
        <Icon name="play" />
        {t('lottery.play')}
      </Link>
    </article>
  );
}

/** When a card's countdown runs out, reads the menu again a moment later for the next issue. */
function ClosedRefresh({ onClosed }: { onClosed: () => void }) {
  useIntervalCall(onClosed, 5_000);
  return null;
}

function useIntervalCall(call: () => void, ms: number) {
  useEffect(() => {
    const timer = setInterval(call, ms);
    return () => clearInterval(timer);
  }, [call, ms]);
}
