import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { paths, searchParams } from '../../../lib/paths';
import { useOpenSlot } from '../api/open-slot';
import { SlotMachine } from '../components/slot/slot-machine';

/** Full-width pages that host a launched game (SPEC §2: no side menu); the lottery ones are in features/lottery. */
export type GamePageKind = 'seamless' | 'lottert' | 'vnlottery' | 'sealottery';

/** The in-house vendor: its games run on this page. */
const inHouseVendor = 'TAYA';

/** The seamless game page: an in-house game opened with its launch ticket. */
export function GamePageRoute() {
  return <SeamlessGame />;
}

interface LaunchTicket {
  token: string | null;
  vendor: string | null;
  game: string | null;
  /** Free play (trial players, or a member's demo choice): play money, no token. */
  demo: boolean;
}

/** Reads the launch answer's address once: the token is a one-time secret. */
function readTicket(): LaunchTicket {
  const query = new URLSearchParams(window.location.search);
  return {
    token: query.get(searchParams.token),
    vendor: query.get(searchParams.vendor),
    game: query.get(searchParams.game),
    demo: query.get('mode') === 'demo',
  };
}

/**
 * Takes the token out of the address bar (and so out of history, bookmarks and shared links),
 * keeping the router's own history state.
 */
function forgetToken(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(searchParams.token)) return;
  url.searchParams.delete(searchParams.token);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

function SeamlessGame() {
  const { t } = useTranslation();
  const [ticket] = useState(readTicket);
  const open = useOpenSlot();
  const started = useRef(false);
  const { mutate: openGame } = open;
  const inHouse = ticket.vendor === null || ticket.vendor === inHouseVendor;
  const code = open.data?.game.code ?? ticket.game;
  const title =
    code === 'TAYA_FORTUNE' ? t('slot.names.TAYA_FORTUNE') : (code ?? t('screens.seamless'));
  useDocumentTitle(title);

  useEffect(() => {
    forgetToken();
    // Once only (StrictMode runs effects twice in development): a second try with the same
    // token would be refused as used.
    if (started.current || !inHouse) return;
    if (ticket.demo && ticket.game) {
      started.current = true;
      openGame({ demoGame: ticket.game });
    } else if (ticket.token) {
      started.current = true;
      openGame({ token: ticket.token });
    }
  }, [inHouse, openGame, ticket.demo, ticket.game, ticket.token]);

  if (!inHouse) {
    return <GameProblem title={title} message={t('slot.vendor_unavailable')} />;
  }
  if (!ticket.token && !(ticket.demo && ticket.game)) {
    return <GameProblem title={title} message={t('slot.no_ticket')} />;
  }
  if (open.isError) {
    const used = open.error instanceof ApiError && open.error.errorCode === 'game_session_invalid';
    return (
      <GameProblem title={title} message={used ? t('slot.token_used') : errorText(t, open.error)} />
    );
  }
  if (!open.data) {
    return (
      <div className="slot-loading" data-testid="slot-opening">
        <PageLoader />
        <p className="muted">{t('slot.opening')}</p>
      </div>
    );
  }
  return <SlotMachine opened={open.data} title={title} />;
}

function GameProblem({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation();
  return (
    <section className="panel slot-problem-page" data-testid="game-problem">
      <h1>{title}</h1>
      <p role="alert">{message}</p>
      <Link className="button button-primary" to={paths.home.href()}>
        {t('game.back')}
      </Link>
    </section>
  );
}
