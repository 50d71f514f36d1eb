import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LotteryEvent, LotteryGame, LotteryIssue } from '@taya/contracts';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { Tabs } from '../../../components/tabs';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { toMinor } from '../../../lib/money';
import { paths, searchParams } from '../../../lib/paths';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useRequestId } from '../../../lib/request-id';
import { useSessionToken } from '../../../lib/session';
import { useLotteryMenu } from '../api/get-lottery-menu';
import { useMyLotteryBets } from '../api/get-my-lottery-bets';
import { useOpenNumero } from '../api/get-open-numero';
import { usePlaceLotteryBets } from '../api/place-lottery-bets';
import { BetBoard, type BoardPick } from '../components/bet-board';
import { BetSlip, type ChaseSetup } from '../components/bet-slip';
import { useGameName } from '../components/game-name';
import { IssueCountdown } from '../components/issue-countdown';
import { MyBets } from '../components/my-bets';
import { RecentResults } from '../components/recent-results';
import { ResultView } from '../components/result-view';
import { useBetLabels } from '../components/use-bet-labels';
import { useLotteryMoney } from '../components/use-lottery-money';
import { betTypeUiOf } from '../lib/bet-types';
import { issueAllowance, newLineKey, slipGrandTotal, toBetInput, type SlipLine } from '../lib/slip';
import { useCountdown } from '../lib/use-countdown';
import { useLotterySocket } from '../lib/use-lottery-socket';
import { lotteryKeys } from '../lib/query-keys';

/** The SPEC §2 screen the game shows on: a lottery route or a full-width game page. */
export type LotteryScreen =
  'lottery' | 'sea_lottery' | 'vn_lottery' | 'lottert' | 'vnlottery' | 'sealottery';

const gameTabs = ['board', 'results', 'my_bets'] as const;
type GameTab = (typeof gameTabs)[number];

/** While the socket is down, or betting is closed and the next issue awaited, re-read this often. */
const pollMs = 3_000;

/**
 * A lottery game (SPEC §2: /lottery, /vnLottery, /seaLottery with gameCode, and the full-width
 * game pages /lottert, /vnlottery, /sealottery): the open issue and its countdown, the bet board
 * by bet type, the slip, recent results with hot and cold numbers, and the member's bets.
 */
export function LotteryGameRoute({ screen }: { screen: LotteryScreen }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const gameCode = query.get(searchParams.gameCode);
  const token = useSessionToken();
  const menu = useLotteryMenu();

  if (token === null) {
    return (
      <section className="panel lottery-problem" data-testid="lottery-login">
        <h1>{t(`screens.${screen}`)}</h1>
        <p>{t('lottery.log_in_to_play')}</p>
        <Link className="button button-primary" to={paths.login.href()}>
          {t('lottery.log_in')}
        </Link>
      </section>
    );
  }
  if (menu.isPending) return <PageLoader />;
  if (menu.isError) {
    return (
      <LoadError
        error={menu.error}
        onRetry={() => void menu.refetch()}
        retryLabel={t('lottery.retry')}
      />
    );
  }
  const game = menu.data.games.find((g) => g.gameCode === gameCode);
  if (!game) {
    return (
      <section className="panel lottery-problem" data-testid="lottery-unknown-game">
        <h1>{t(`screens.${screen}`)}</h1>
        <p>{gameCode ? t('lottery.unknown_game', { code: gameCode }) : t('lottery.choose_game')}</p>
        <Link className="button button-primary" to={paths.lott.href()}>
          {t('lottery.to_hall')}
        </Link>
      </section>
    );
  }
  return <LotteryGameView key={game.gameCode} game={game} />;
}

function LotteryGameView({ game }: { game: LotteryGame }) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const gameName = useGameName();
  const money = useLotteryMoney();
  const { typeName } = useBetLabels();
  const name = gameName(game.gameCode, game.name);
  useDocumentTitle(name);

  const onEvent = useCallback(
    (event: LotteryEvent) => {
      void queryClient.invalidateQueries({
        queryKey: lotteryKeys.openNumero(token, game.gameCode),
      });
      if (event.type === 'result' || event.type === 'settled' || event.type === 'cancelled') {
        void queryClient.invalidateQueries({ queryKey: lotteryKeys.historyOf(game.gameCode) });
        void queryClient.invalidateQueries({ queryKey: lotteryKeys.myBetsAll(token) });
        void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
      }
    },
    [queryClient, token, game.gameCode],
  );
  const live = useLotterySocket(game.gameCode, onEvent);
  const [closedSeen, setClosedSeen] = useState(false);
  const open = useOpenNumero(game.gameCode, !live || closedSeen ? pollMs : false);
  const numero = open.data;
  const latest = numero?.issue ?? null;
  // The issue on show stays on show once its betting closes, closed, until its draw time: the
  // server already offers the next issue, but the player sees this one close before it moves on.
  const [closedIssue, setClosedIssue] = useState<LotteryIssue | null>(null);
  const [releasedId, setReleasedId] = useState<string | null>(null);
  const issue = closedIssue ?? latest;
  const left = useCountdown(
    issue?.closesAt ?? null,
    numero?.serverTime ?? null,
    numero?.receivedAt ?? null,
  );
  const drawLeft = useCountdown(
    closedIssue?.drawAt ?? null,
    numero?.serverTime ?? null,
    numero?.receivedAt ?? null,
  );
  if (closedIssue === null && latest !== null && left === 0 && latest.issueId !== releasedId) {
    setClosedIssue(latest);
  } else if (closedIssue !== null && drawLeft === 0) {
    setReleasedId(closedIssue.issueId);
    setClosedIssue(null);
  }
  const bettingOpen = issue !== null && issue.status === 'open' && left !== null && left > 0;
  // Betting closed here: poll until the next issue opens, whatever the socket says.
  const closedNow = numero !== undefined && !bettingOpen;
  if (closedNow !== closedSeen) setClosedSeen(closedNow);

  // A new result: results, my bets and the balance change.
  const lastDrawnId = numero?.lastDrawn?.issueId ?? null;
  useEffect(() => {
    if (lastDrawnId === null) return;
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.historyOf(game.gameCode) });
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.myBetsAll(token) });
    void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
  }, [lastDrawnId, queryClient, token, game.gameCode]);

  // A bet settled (seen by the bets' own polling when the socket is down): the balance moved.
  const myBets = useMyLotteryBets(game.gameCode);
  const pendingBets = myBets.data?.list.filter((bet) => bet.status === 'pending').length ?? 0;
  const pendingBefore = useRef(pendingBets);
  useEffect(() => {
    if (pendingBets < pendingBefore.current) {
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    }
    pendingBefore.current = pendingBets;
  }, [pendingBets, queryClient]);

  const betTypes = game.betTypes.filter((bt) => betTypeUiOf(bt.code) !== null);
  const [tab, setTab] = useState<GameTab>('board');
  const [typeCode, setTypeCode] = useState(betTypes[0]?.code ?? '');
  const betType = betTypes.find((bt) => bt.code === typeCode) ?? betTypes[0];
  const [stakeText, setStakeText] = useState(betTypes[0]?.minCost ?? '1.00');
  const [unitsText, setUnitsText] = useState('1');
  const [lines, setLines] = useState<SlipLine[]>([]);
  const [chase, setChase] = useState<ChaseSetup>({ on: false, issues: 5, stopOnWin: true });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const place = usePlaceLotteryBets();
  const requestId = useRequestId();

  const unitStake = toMinor(stakeText);
  const units = /^\d{1,6}$/.test(unitsText.trim()) ? Number(unitsText.trim()) : 0;
  const stakeReady = unitStake !== null && unitStake > 0n && units >= 1;
  const allowance = numero ? issueAllowance(game, numero.stakedThisIssue) : null;

  const add = (picks: BoardPick[]) => {
    if (!betType || !stakeReady) return;
    setMessage(null);
    setLines((current) => [
      ...current,
      ...picks.map((pick) => ({
        key: newLineKey(),
        type: betType.code,
        selection: pick.selection,
        positions: pick.positions,
        unitStake: unitStake,
        units,
      })),
    ]);
  };

  const submit = () => {
    if (!issue || lines.length === 0) return;
    const body = {
      gameCode: game.gameCode,
      issueId: issue.issueId,
      bets: lines.map(toBetInput),
      ...(chase.on ? { chase: { issues: chase.issues, stopOnWin: chase.stopOnWin } } : {}),
    };
    const id = requestId.take(JSON.stringify(body));
    setMessage(null);
    place.mutate(
      { ...body, requestId: id },
      {
        onSuccess: (result) => {
          requestId.settle();
          setLines([]);
          setMessage({
            tone: 'success',
            text: t('lottery.placed', {
              issue: issue.issueId,
              amount: money.wire(result.totalCost),
            }),
          });
        },
        onError: (error) => {
          requestId.settle(error);
          setMessage({ tone: 'error', text: placeError(error) });
        },
      },
    );
  };

  const placeError = (error: unknown): string => {
    if (!(error instanceof ApiError)) return errorText(t, error);
    switch (error.errorCode) {
      case 'lottery_closed':
        return t('lottery.errors.closed', { issue: issue?.issueId ?? '' });
      case 'lottery_limit_exceeded':
        return t('lottery.errors.limit', {
          amount: money.minor(allowance ?? 0n),
        });
      case 'lottery_bet_invalid':
        return t('lottery.errors.invalid');
      case 'insufficient_funds':
        return t('lottery.errors.funds', {
          amount: money.minor(slipGrandTotal(lines, chase.on ? chase.issues : 1)),
        });
      default:
        return errorText(t, error);
    }
  };

  const ui = betType ? betTypeUiOf(betType.code) : null;
  const board =
    betType && ui ? (
      <div className="lottery-board-wrap">
        <Tabs
          label={t('lottery.board.bet_types')}
          items={betTypes.map((bt) => ({ key: bt.code, label: typeName(bt.code, bt.name) }))}
          selected={betType.code}
          onSelect={setTypeCode}
        >
          <BetBoard
            key={betType.code}
            betType={betType}
            ui={ui}
            disabled={!stakeReady}
            onAdd={add}
          />
        </Tabs>
        <div className="lottery-stake">
          <label className="field">
            <span className="field-label">{t('lottery.board.unit_stake')}</span>
            <div className="field-control">
              <input
                className="field-input"
                inputMode="decimal"
                value={stakeText}
                onChange={(event) => setStakeText(event.target.value)}
                aria-invalid={unitStake === null || unitStake === 0n}
              />
            </div>
          </label>
          <label className="field">
            <span className="field-label">{t('lottery.board.multiplier')}</span>
            <div className="field-control">
              <input
                className="field-input"
                type="number"
                inputMode="numeric"
                min={1}
                max={betType.maxUnits}
                value={unitsText}
                onChange={(event) => setUnitsText(event.target.value)}
              />
            </div>
          </label>
          {!stakeReady ? <p className="field-error">{t('lottery.errors.bad_stake')}</p> : null}
        </div>
      </div>
    ) : (
      <p className="muted">{t('lottery.no_bet_types')}</p>
    );

  let panel;
  if (tab === 'results') panel = <RecentResults game={game} />;
  else if (tab === 'my_bets') {
    panel = (
      <MyBets
        gameCode={game.gameCode}
        openIssueId={issue?.issueId ?? null}
        bettingOpen={bettingOpen}
      />
    );
  } else panel = board;

  return (
    <section className="lottery-game" aria-labelledby={titleId} data-testid="lottery-game">
      <header className="panel lottery-game-head">
        <div className="lottery-game-title">
          <h1 id={titleId}>{name}</h1>
          <span className="muted">{t(`lottery.families.${game.family}`)}</span>
        </div>
        <div className="lottery-game-issue" data-testid="open-issue">
          {open.isError ? (
            <span className="field-error">{errorText(t, open.error)}</span>
          ) : issue ? (
            <>
              <span className="lottery-issue-id">
                {t('lottery.issue', { issue: issue.issueId })}
              </span>
              <IssueCountdown seconds={left} testId="countdown" />
            </>
          ) : numero ? (
            <span className="muted">{t('lottery.no_open_issue')}</span>
          ) : null}
        </div>
        <div className="lottery-game-last" data-testid="last-result">
          <span className="muted">
            {numero?.lastDrawn
              ? t('lottery.last_result_of', { issue: numero.lastDrawn.issueId })
              : t('lottery.last_result')}
          </span>
          {numero?.lastDrawn?.resultSource === 'house_demo' ? (
            <span className="chip" data-testid="demo-draw">
              {t('lottery.sources.house_demo')}
            </span>
          ) : null}
          {numero?.lastDrawn?.result ? (
            <ResultView result={numero.lastDrawn.result} compact />
          ) : (
            <span className="muted">{t('lottery.no_results')}</span>
          )}
        </div>
        {game.houseDrawn ? (
          <p className="muted lottery-house-note">{t('lottery.house_drawn')}</p>
        ) : null}
      </header>

      <div className="lottery-game-body">
        <div className="lottery-game-main">
          <Tabs
            label={name}
            items={gameTabs.map((key) => ({ key, label: t(`lottery.tabs.${key}`) }))}
            selected={tab}
            onSelect={setTab}
          >
            {panel}
          </Tabs>
        </div>
        <BetSlip
          game={game}
          lines={lines}
          chase={chase}
          allowance={allowance}
          bettingOpen={bettingOpen}
          busy={place.isPending}
          message={message}
          onChase={setChase}
          onRemove={(key) => setLines((current) => current.filter((line) => line.key !== key))}
          onClear={() => setLines([])}
          onPlace={submit}
        />
      </div>
    </section>
  );
}
