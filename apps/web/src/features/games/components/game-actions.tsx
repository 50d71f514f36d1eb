import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { memberTabs, paths } from '../../../lib/paths';
import { useAddFavourite } from '../api/add-favourite';
import { useFavouriteIds } from '../api/get-favourite-ids';
import { useVendorName } from '../api/get-game-vendors';
import { useLaunchGame } from '../api/launch-game';
import { useRemoveFavourite } from '../api/remove-favourite';
import { gameTarget, openGamePage } from '../lib/game-url';
import { freePlayHref, isHouseLottery, lotteryHref, originalHref } from '../lib/house-games';
import { usePlayer } from '../lib/player';
import type { GameCard } from '../lib/types';

/** SPEC §4 and §9: one favourite action per second; a click inside that second is dropped. */
export const favouriteThrottleMs = 1000;

type Notice =
  { kind: 'trial' } | { kind: 'deposit'; message: string } | { kind: 'message'; message: string };

export interface GameActions {
  /** Starts a game: log-in popup for guests, a notice for trial players, else the launch. */
  launch: (card: GameCard) => void;
  /**
   * The same for a game known only by its node id (a banner's GAME link): the server says if it
   * is under maintenance.
   */
  launchNode: (nodeId: string) => void;
  /** Free play of a house slot (anyone, logged in or not): play money, the same game. */
  playFree: (card: GameCard) => void;
  /** The game being launched, if any (its card shows it is opening). */
  launchingId: string | null;
  /** The member's favourite node ids; null when hearts are not offered (guests, trial, loading). */
  favouriteIds: ReadonlySet<string> | null;
  toggleFavourite: (card: GameCard) => void;
  /** A vendor code's display name, from the cached vendor lanes. */
  vendorName: (code: string) => string;
}

const GameActionsContext = createContext<GameActions | null>(null);

export function useGameActions(): GameActions {
  const actions = use(GameActionsContext);
  if (!actions) throw new Error('useGameActions needs a GameActionsProvider');
  return actions;
}

const depositCodes: readonly string[] = ['insufficient_funds', 'launch_game_balance_not_enough'];

/**
 * What a page full of game cards shares: launching, the hearts with their throttle, vendor
 * names, and the notice dialog those actions may open. One per page.
 */
export function GameActionsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { kind } = usePlayer();
  const [notice, setNotice] = useState<Notice | null>(null);
  const launchGame = useLaunchGame();
  const favourites = useFavouriteIds();
  const addFavourite = useAddFavourite();
  const removeFavourite = useRemoveFavourite();
  const vendorName = useVendorName();
  const lastToggle = useRef(Number.NEGATIVE_INFINITY);

  const explain = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.errorCode === 'in_need_true_account') {
        setNotice({ kind: 'trial' });
      } else if (error instanceof ApiError && depositCodes.includes(error.errorCode)) {
        setNotice({ kind: 'deposit', message: t('errors.insufficient_funds') });
      } else {
        setNotice({ kind: 'message', message: errorText(t, error) });
      }
    },
    [t],
  );

  const { mutate: startLaunch, isPending: launching, variables: launchingNode } = launchGame;
  const startGame = useCallback(
    (nodeId: string, maintenance: boolean) => {
      if (launching) return;
      if (kind === 'guest') {
        // SPEC §2: a guest who starts a game gets the log-in popup (the /login route).
        void navigate(paths.login.href(), { state: { from: location } });
        return;
      }
      if (kind === 'trial') {
        setNotice({ kind: 'trial' });
        return;
      }
      if (maintenance) {
        setNotice({ kind: 'message', message: t('errors.game_maintenance') });
        return;
      }
      startLaunch(nodeId, {
        onSuccess: (url) => {
          const target = gameTarget(url);
          if (!target) setNotice({ kind: 'message', message: t('errors.bad_response') });
          else if (target.kind === 'route') void navigate(target.to);
          else openGamePage(target.href);
        },
        onError: explain,
      });
    },
    [explain, kind, launching, location, navigate, startLaunch, t],
  );
  const launch = useCallback(
    (card: GameCard) => {
      // A house lottery is the lottery feature's page: viewing needs no launch, betting there
      // asks a visitor to log in.
      const original = card.maintenance ? null : originalHref(card);
      if (isHouseLottery(card) && !card.maintenance) void navigate(lotteryHref(card));
      // An original's page lets a visitor look and play for free; betting there asks to log in.
      else if (original) void navigate(original);
      else startGame(card.nodeId, card.maintenance);
    },
    [navigate, startGame],
  );
  const playFree = useCallback(
    (card: GameCard) => {
      if (card.maintenance) setNotice({ kind: 'message', message: t('errors.game_maintenance') });
      else void navigate(freePlayHref(card));
    },
    [navigate, t],
  );
  const launchNode = useCallback((nodeId: string) => startGame(nodeId, false), [startGame]);

  const ids = favourites.data;
  const { mutate: add } = addFavourite;
  const { mutate: remove } = removeFavourite;
  const toggleFavourite = useCallback(
    (card: GameCard) => {
      const now = Date.now();
      if (now - lastToggle.current < favouriteThrottleMs) return;
      lastToggle.current = now;
      if (ids?.includes(card.nodeId)) remove(card, { onError: explain });
      else add(card, { onError: explain });
    },
    [add, explain, ids, remove],
  );

  const favouriteIds = useMemo(() => (kind === 'member' && ids ? new Set(ids) : null), [ids, kind]);
  const value = useMemo<GameActions>(
    () => ({
      launch,
      launchNode,
      playFree,
      launchingId: launching ? (launchingNode ?? null) : null,
      favouriteIds,
      toggleFavourite,
      vendorName,
    }),
    [
      favouriteIds,
      launch,
      launchNode,
      launching,
      launchingNode,
      playFree,
      toggleFavourite,
      vendorName,
    ],
  );

  return (
    <GameActionsContext value={value}>
      {children}
      {notice ? <NoticeDialog notice={notice} onClose={() => setNotice(null)} /> : null}
    </GameActionsContext>
  );
}

function NoticeDialog({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const { t } = useTranslation();
  const message = notice.kind === 'trial' ? t('errors.in_need_true_account') : notice.message;
  return (
    <Modal title={t('games.notice_title')} onClose={onClose}>
      <p data-testid="game-notice">{message}</p>
      <div className="dialog-actions">
        {notice.kind === 'trial' ? (
          <Link className="button button-primary" to={paths.register.href()} onClick={onClose}>
            {t('account.register_real')}
          </Link>
        ) : null}
        {notice.kind === 'deposit' ? (
          <Link
            className="button button-primary"
            to={paths.member.href(memberTabs.deposit)}
            onClick={onClose}
          >
            {t('wallet.deposit')}
          </Link>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('games.ok')}
        </button>
      </div>
    </Modal>
  );
}
