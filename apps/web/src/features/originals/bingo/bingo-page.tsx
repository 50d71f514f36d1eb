import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  BingoCard,
  BingoEvent,
  BingoLive,
  BingoResult,
  BingoState,
  BingoWin,
} from '@taya/contracts';
import { BINGO_LETTERS, bingoColumn } from '@taya/games';
import { useMoney } from '../../../hooks/use-money';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { walletBalanceKey } from '../../../lib/query-keys';
import { newRequestId } from '../../../lib/request-id';
import { trialCustomerType, useCustomerType, useSessionToken } from '../../../lib/session';
import { useMemberBalance } from '../../../hooks/use-member-balance';
import { PanelTabs } from '../components/panel-tabs';
import { BetAmount } from '../components/bet-amount';
import { useSound } from '../lib/sound';
import { RoundTop } from '../components/round-top';
import { readStake, stakeLimits, stakeText } from '../lib/stake';
import { buyBingoCards, getBingoState, getMyBingoCards, openBingoDemo } from './api';
import { BingoCardView } from './bingo-card';
import { useBingoSocket } from './use-bingo-socket';

const ballLabel = (n: number) => `${BINGO_LETTERS[bingoColumn(n)]}${n}`;

/** /house/bingo: timed shared games, live over the WebSocket; `demoFirst` opens play money. */
export function BingoPage({ demoFirst }: { demoFirst: boolean }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const customerType = useCustomerType();
  const kind = !token ? 'guest' : customerType === trialCustomerType ? 'trial' : 'member';
  const title = t('originals.names.bingo');
  useDocumentTitle(title);
  const sound = useSound();
  const [state, setState] = useState<BingoState | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [live, setLive] = useState<BingoLive | null>(null);
  const [offset, setOffset] = useState(0);
  const [history, setHistory] = useState<BingoResult[]>([]);
  const [winners, setWinners] = useState<BingoWin[]>([]);
  const [isDemo, setDemo] = useState(demoFirst || kind !== 'member');
  const [demo, setDemoSession] = useState<{ session: string; balance: string } | null>(null);
  const [cards, setCards] = useState<BingoCard[]>([]);
  const [price, setPrice] = useState('1.00');
  const [count, setCount] = useState(1);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [panel, setPanel] = useState<'winners' | 'history' | 'help' | 'fair'>('help');
  const [now, setNow] = useState(() => Date.now());
  const balanceQuery = useMemberBalance(!isDemo);

  const apply = useCallback((l: BingoLive) => {
    setLive(l);
    setOffset(Date.now() - Date.parse(l.serverNow));
  }, []);

  useEffect(() => {
    const ctrl = new AbortController();
    getBingoState(ctrl.signal)
      .then((s) => {
        setState(s);
        apply(s.live);
        setHistory(s.history);
        setWinners(s.winners);
      })
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setLoadProblem(errorText(t, e));
      });
    return () => ctrl.abort();
  }, [t, apply]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);

  // The player's cards (and the play money) from the server.
  const refreshMine = useCallback(() => {
    if (isDemo && !demo) return;
    if (!isDemo && kind !== 'member') return;
    getMyBingoCards(isDemo ? demo!.session : null)
      .then((mine) => {
        setCards(mine.cards);
        if (isDemo && demo) setDemoSession({ session: demo.session, balance: mine.balance });
      })
      .catch(() => {});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the session, not its balance
  }, [isDemo, demo?.session, kind]);
  useEffect(refreshMine, [refreshMine]);

  const onEvent = useCallback(
    (event: BingoEvent) => {
      if (event.type === 'state') {
        apply(event.live);
        setHistory(event.history);
        setWinners(event.winners);
      } else if (event.type === 'phase') {
        const { type: _type, ...l } = event;
        void _type;
        apply(l);
      } else if (event.type === 'ball') {
        setLive((l) =>
          l?.calling && l.calling.game === event.game && !l.calling.called.includes(event.ball)
            ? { ...l, calling: { ...l.calling, called: [...l.calling.called, event.ball] } }
            : l,
        );
      } else if (event.type === 'done') {
        const { type: _type, wins, ...result } = event;
        void _type;
        setHistory((list) => [result, ...list.filter((r) => r.game !== result.game)].slice(0, 10));
        setWinners((list) => [...wins, ...list].slice(0, 20));
        setCards((list) => {
          if (list.some((c) => c.game === result.game)) {
            refreshMine();
            if (!isDemo) void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
          }
          return list;
        });
      }
    },
    [apply, isDemo, queryClient, refreshMine],
  );
  const online = useBingoSocket(onEvent);

  const limits = useMemo(() => (state ? stakeLimits(state.minBet, state.maxBet) : null), [state]);
  const currency = isDemo ? 'DEMO' : (state?.currency ?? '');
  const balance = isDemo
    ? (demo?.balance ?? null)
    : (balanceQuery.data?.balance.find((b) => b.accountTypeId === 2)?.availBalance ?? null);

  // Play money shows its balance from the start.
  useEffect(() => {
    if (!isDemo || demo) return;
    openBingoDemo()
      .then(setDemoSession)
      .catch((e: unknown) => setProblem(errorText(t, e)));
  }, [isDemo, demo, t]);

  const calling = live?.calling ?? null;
  const buying = live?.buying ?? null;
  const called = calling?.called ?? [];
  const lastBall = called.length > 0 ? called[called.length - 1]! : null;
  const lastDone = history[0] ?? null;
  const secondsLeft = buying
    ? Math.max(0, Math.ceil((Date.parse(buying.buyEndsAt) - (now - offset)) / 1000))
    : null;
  const mineIn = (game: number | undefined) =>
    cards.filter((c) => c.game === game && c.currency === currency);
  const callingCards = mineIn(calling?.game);
  const buyingCards = mineIn(buying?.game);
  const doneCards = calling ? [] : mineIn(lastDone?.game);
  const room = (state?.maxCards ?? 4) - buyingCards.length;

  const buy = async () => {
    if (!limits || busy || !buying) return;
    setProblem(null);
    const minor = readStake(price, limits);
    if (minor === null || minor <= 0n) return setProblem(t('originals.stake.invalid'));
    if (minor < limits.min)
      return setProblem(t('originals.stake.min', { amount: stakeText(limits.min, limits) }));
    if (minor > limits.max)
      return setProblem(t('originals.stake.max', { amount: stakeText(limits.max, limits) }));
    setBusy(true);
    try {
      let session: string | undefined;
      if (isDemo) {
        const opened = demo ?? (await openBingoDemo());
        if (!demo) setDemoSession(opened);
        session = opened.session;
      }
      const answer = await buyBingoCards({
        requestId: newRequestId(),
        amount: stakeText(minor, limits),
        cards: Math.min(count, room),
        ...(session ? { demoSession: session } : {}),
      });
      setCards((list) => [
        ...answer.cards,
        ...list.filter((c) => !answer.cards.some((a) => a.cardId === c.cardId)),
      ]);
      sound.play('bet');
      if (session) setDemoSession({ session, balance: answer.balance });
      else void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    } catch (e) {
      setProblem(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  const canBuy = !busy && room > 0 && !!buying && (isDemo || kind === 'member');

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const el = event.target as HTMLElement | null;
      if (el && ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) return;
      if (event.code === 'Space' && !event.repeat) {
        event.preventDefault();
        if (canBuy) void buy();
      } else if (/^Digit[1-4]$/.test(event.code)) setCount(Number(event.code.slice(5)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (loadProblem)
    return (
      <p className="og-problem" role="alert">
        {loadProblem}
      </p>
    );
  if (!state || !limits || !live) return <p className="og-hint">…</p>;
  const total = readStake(price, limits);

  return (
    <section
      className={`og og-bingo${isDemo ? ' is-demo' : ''}`}
      data-testid="original-game"
      aria-label={title}
    >
      <RoundTop
        title={title}
        isDemo={isDemo}
        balance={balance}
        currency={currency}
        sound={sound}
        maintenance={state.maintenance}
      />
      <div className="bingo-stage">
        <div
          className="bingo-caller"
          data-testid="bingo-status"
          data-online={online ? 'yes' : 'no'}
        >
          {calling ? (
            <>
              <span className="og-label">
                {t('originals.bingo.game', { game: calling.game })} ·{' '}
                {t('originals.bingo.calls', { n: called.length, of: state.calls })}
              </span>
              {lastBall !== null ? (
                <strong
                  key={lastBall}
                  className={`bingo-ball bingo-col-${bingoColumn(lastBall)}`}
                  data-testid="bingo-ball"
                >
                  {ballLabel(lastBall)}
                </strong>
              ) : null}
            </>
          ) : (
            <>
              <span className="og-label">
                {buying ? t('originals.bingo.game', { game: buying.game }) : ''}
              </span>
              <strong className="bingo-countdown" data-testid="bingo-countdown">
                {secondsLeft === null
                  ? '…'
                  : t('originals.bingo.starts_in', { seconds: secondsLeft })}
              </strong>
            </>
          )}
          {calling && buying ? (
            <span className="og-hint">
              {t('originals.bingo.next_game', { game: buying.game, seconds: secondsLeft ?? 0 })}
            </span>
          ) : null}
        </div>
        <div
          className="bingo-board"
          aria-label={t('originals.bingo.board')}
          data-testid="bingo-board"
        >
          {BINGO_LETTERS.map((letter, c) => (
            <div key={letter} className={`bingo-board-row bingo-col-${c}`}>
              <span className="bingo-board-letter">{letter}</span>
              {Array.from({ length: 15 }, (_, i) => c * 15 + i + 1).map((n) => (
                <span key={n} className={called.includes(n) ? 'is-called' : ''}>
                  {n}
                </span>
              ))}
            </div>
          ))}
        </div>
      </div>
      <div className="og-stage bingo-play">
        <div className="og-controls">
          <div className="og-modes" role="group" aria-label={t('originals.mode')}>
            <button
              type="button"
              aria-pressed={!isDemo}
              disabled={kind !== 'member'}
              onClick={() => setDemo(false)}
              data-testid="og-mode-real"
            >
              {t('originals.play_real')}
            </button>
            <button
              type="button"
              aria-pressed={isDemo}
              onClick={() => setDemo(true)}
              data-testid="og-mode-demo"
            >
              {t('originals.play_free')}
            </button>
          </div>
          <BetAmount
            value={price}
            onChange={setPrice}
            limits={limits}
            currency={currency}
            disabled={busy}
            problem={null}
          />
          <div className="og-field">
            <span className="og-label">{t('originals.bingo.cards_count')}</span>
            <div className="og-modes bingo-count" role="group">
              {[1, 2, 3, 4].map((n) => (
                <button
                  key={n}
                  type="button"
                  aria-pressed={count === n}
                  onClick={() => setCount(n)}
                  data-testid={`bingo-count-${n}`}
                >
                  {n}
                </button>
              ))}
            </div>
          </div>
          <button
            type="button"
            className="button button-primary og-bet"
            onClick={() => void buy()}
            disabled={!canBuy}
            data-testid="bingo-buy"
          >
            {t('originals.bingo.buy', {
              count: Math.max(1, Math.min(count, room)),
              total:
                total === null
                  ? '—'
                  : fmt.money(
                      stakeText(total * BigInt(Math.max(1, Math.min(count, room))), limits),
                      currency,
                    ),
            })}
          </button>
          {kind === 'guest' && !isDemo ? (
            <p className="og-hint">{t('originals.login_to_bet')}</p>
          ) : null}
          {room <= 0 ? <p className="og-hint">{t('originals.bingo.full')}</p> : null}
          {problem ? (
            <p className="og-problem" role="alert" data-testid="og-problem">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="bingo-mine" data-testid="bingo-mine">
          {callingCards.length > 0 ? (
            <CardsOf title={t('originals.bingo.playing', { game: calling!.game })}>
              {callingCards.map((c) => (
                <BingoCardView key={c.cardId} card={c} called={called} last={lastBall} />
              ))}
            </CardsOf>
          ) : null}
          {doneCards.length > 0 && lastDone ? (
            <CardsOf title={t('originals.bingo.result', { game: lastDone.game })}>
              {doneCards.map((c) => (
                <BingoCardView key={c.cardId} card={c} called={lastDone.balls} last={null} />
              ))}
            </CardsOf>
          ) : null}
          {buyingCards.length > 0 && buying ? (
            <CardsOf title={t('originals.bingo.waiting', { game: buying.game })}>
              {buyingCards.map((c) => (
                <BingoCardView key={c.cardId} card={c} called={[]} last={null} />
              ))}
            </CardsOf>
          ) : null}
          {callingCards.length + doneCards.length + buyingCards.length === 0 ? (
            <p className="og-hint">{t('originals.bingo.no_cards')}</p>
          ) : null}
        </div>
      </div>
      <div className="og-panels">
        <PanelTabs
          testIdPrefix="bingo-tab"
          labels={{
            help: t('originals.help.title'),
            winners: t('originals.bingo.winners'),
            history: t('originals.bingo.games'),
            fair: t('originals.fair.title'),
          }}
          selected={panel}
          onSelect={setPanel}
        >
          {panel === 'help' ? (
            <div className="og-help" data-testid="bingo-help">
              <p>{t('originals.bingo.rules_1', { calls: state.calls })}</p>
              <table className="bingo-prizes" data-testid="bingo-prizes">
                <tbody>
                  {state.prizes.map((p) => (
                    <tr key={p.pattern}>
                      <td>{t(`originals.bingo.pattern.${p.pattern}`)}</td>
                      <td>{p.multiplier}×</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p>{t('originals.bingo.rules_2')}</p>
              <p data-testid="bingo-rtp">{t('originals.bingo.rtp', { rtp: state.rtp })}</p>
              <p>
                {t('originals.help.limits', {
                  min: fmt.money(state.minBet, state.currency),
                  max: fmt.money(state.maxBet, state.currency),
                  profit: fmt.money(state.maxProfit, state.currency),
                })}
              </p>
              <p>{t('originals.bingo.hotkey')}</p>
            </div>
          ) : panel === 'winners' ? (
            <ul className="crash-players bingo-winners" data-testid="bingo-winners">
              {winners.map((w, i) => (
                <li key={`${w.game}-${i}`}>
                  <span>
                    #{w.game} {w.player}
                  </span>
                  <span>{t(`originals.bingo.pattern.${w.pattern}`)}</span>
                  <span>{fmt.money(w.payout, w.currency)}</span>
                </li>
              ))}
            </ul>
          ) : panel === 'history' ? (
            <table className="crash-history" data-testid="bingo-history">
              <tbody>
                {history.map((r) => (
                  <tr key={r.game}>
                    <td>#{r.game}</td>
                    <td>{t('originals.bingo.winning_cards', { n: r.winners, of: r.cards })}</td>
                    <td className="crash-hash">
                      <code>{r.commitment.slice(0, 12)}…</code>
                    </td>
                    <td>
                      <Link
                        to={paths.originalsVerify.href({
                          game: 'bingo',
                          serverSeed: r.serverSeed,
                          serverSeedHash: r.commitment,
                          nonce: String(r.game),
                        })}
                        data-testid="bingo-verify-game"
                      >
                        {t('originals.fair.verify')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <div className="og-help" data-testid="bingo-fair">
              <p>{t('originals.bingo.fair_note')}</p>
              {buying ? (
                <p>
                  {t('originals.bingo.commitment', { game: buying.game })}:{' '}
                  <code className="og-break" data-testid="bingo-commitment">
                    {buying.commitment}
                  </code>
                </p>
              ) : null}
              <ul className="bingo-card-seeds">
                {cards.slice(0, 8).map((c) => {
                  const result = history.find((r) => r.game === c.game);
                  return (
                    <li key={c.cardId}>
                      #{c.game} · <code>{c.serverSeedHash.slice(0, 12)}…</code> · {c.clientSeed} ·{' '}
                      {c.nonce}
                      {result ? (
                        <>
                          {' · '}
                          <Link
                            to={paths.originalsVerify.href({
                              game: 'bingo',
                              serverSeed: result.serverSeed,
                              serverSeedHash: result.commitment,
                              nonce: String(result.game),
                              clientSeed: c.clientSeed,
                              cardSeed: c.serverSeed ?? '',
                              cardNonce: String(c.nonce),
                              amount: c.amount,
                            })}
                            data-testid="bingo-verify-card"
                          >
                            {t('originals.fair.verify')}
                          </Link>
                        </>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </PanelTabs>
      </div>
    </section>
  );
}

function CardsOf({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="bingo-cards">
      <h2 className="og-label">{title}</h2>
      <div className="bingo-cards-row">{children}</div>
    </section>
  );
}
