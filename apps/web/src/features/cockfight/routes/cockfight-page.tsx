import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  minorToDecimal,
  parseAmount,
  type ArenaState,
  type CockfightEvent,
  type CockfightLobby,
  type MyFightBets,
} from '@taya/contracts';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useMemberBalance } from '../../../hooks/use-member-balance';
import { useMoney } from '../../../hooks/use-money';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { walletBalanceKey } from '../../../lib/query-keys';
import { newRequestId } from '../../../lib/request-id';
import { useSessionToken } from '../../../lib/session';
import { useSystemStatus } from '../../../lib/system-status';
import { getArena, getCockfightLobby, getMyFightBets, placeFightBet } from '../api';
import { StreamPanel } from '../components/stream-panel';
import { TrendBoard } from '../components/trend-board';
import { applyCockfightEvent } from '../lib/arena';
import { useCockfightSocket } from '../use-cockfight-socket';

type Side = 'meron' | 'wala' | 'draw';

/** Quick amounts: the arena's min bet × 1, 5, 10, 50, 100, 500 within its max. */
function quickAmounts(min: bigint, max: bigint): bigint[] {
  return [1n, 5n, 10n, 50n, 100n, 500n].map((k) => min * k).filter((v) => v <= max);
}

/** /cockfight and /cockfight/:arena — the fight on now: stream, live odds and pools, bets, results. */
export function CockfightRoute() {
  const { arena: wanted } = useParams();
  const { t } = useTranslation();
  const [lobby, setLobby] = useState<CockfightLobby | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useDocumentTitle(t('cockfight.title'));
  useEffect(() => {
    const ctrl = new AbortController();
    getCockfightLobby(ctrl.signal)
      .then(setLobby)
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setProblem(errorText(t, e));
      });
    return () => ctrl.abort();
  }, [t]);
  if (problem)
    return (
      <p className="sabong-problem" role="alert">
        {problem}
      </p>
    );
  if (!lobby) return <div className="sabong is-loading" aria-busy="true" />;
  const code = wanted ?? lobby.arenas[0]?.code;
  if (!code)
    return (
      <section className="sabong is-empty" data-testid="sabong-none">
        <h1 className="sabong-title">{t('cockfight.title')}</h1>
        <p>{t('cockfight.arena_none')}</p>
      </section>
    );
  return (
    <>
      {lobby.arenas.length > 1 && (
        <nav className="sabong-arenas">
          {lobby.arenas.map((a) => (
            <Link
              key={a.code}
              to={paths.cockfightArena.href(a.code)}
              aria-current={a.code === code ? 'page' : undefined}
            >
              {a.name}
            </Link>
          ))}
        </nav>
      )}
      <ArenaView key={code} code={code} />
    </>
  );
}

function ArenaView({ code }: { code: string }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const merchantCode = useSystemStatus().data?.merchant.merchantCode;
  const balance = useMemberBalance(token !== null);
  const [state, setState] = useState<ArenaState | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState<Side | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [mine, setMine] = useState<MyFightBets['list']>([]);

  useEffect(() => {
    const ctrl = new AbortController();
    getArena(code, ctrl.signal)
      .then(setState)
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setLoadProblem(errorText(t, e));
      });
    return () => ctrl.abort();
  }, [code, t]);

  const refreshMine = useCallback(() => {
    if (!token) return;
    getMyFightBets(code)
      .then((m) => setMine(m.list))
      .catch(() => {});
  }, [code, token]);
  useEffect(refreshMine, [refreshMine]);

  const onEvent = useCallback(
    (event: CockfightEvent) => {
      setState((s) => (s ? applyCockfightEvent(s, event, merchantCode) : s));
      if (event.type === 'fight' && event.arena === code) {
        if (event.fight.status === 'settled') {
          void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
          refreshMine();
        }
        if (event.fight.status !== 'open' && event.fight.status !== 'last-call') setNotice(null);
      }
    },
    [code, merchantCode, queryClient, refreshMine],
  );
  const online = useCockfightSocket(onEvent);

  const scale = 2;
  const limits = useMemo(
    () =>
      state
        ? {
            min: parseAmount(state.minBet, scale) ?? 1n,
            max: parseAmount(state.maxBet, scale) ?? 1n,
            draw: parseAmount(state.drawMaxBet, scale) ?? 1n,
          }
        : null,
    [state],
  );
  if (loadProblem)
    return (
      <p className="sabong-problem" role="alert">
        {loadProblem}
      </p>
    );
  if (!state || !limits) return <div className="sabong is-loading" aria-busy="true" />;

  const fight = state.fight;
  const status = fight?.status ?? 'none';
  const open = state.status === 'open' && (status === 'open' || status === 'last-call');
  const board = state.board;
  const minor = parseAmount(amount, scale);
  const dec = (v: bigint) => minorToDecimal(v, scale);
  const cash = balance.data?.balance.find((b) => b.accountTypeId === 2)?.availBalance ?? null;

  const bet = async (side: Side) => {
    if (!fight || !open || busy) return;
    setProblem(null);
    setNotice(null);
    if (minor === null || minor <= 0n) {
      setProblem(t('cockfight.amount'));
      return;
    }
    setBusy(side);
    try {
      const answer = await placeFightBet({
        arena: code,
        fight: fight.number,
        side,
        amount: dec(minor),
        requestId: newRequestId(),
      });
      setState((s) => (s && s.fight?.number === answer.fight ? { ...s, board: answer.board } : s));
      setNotice(
        t('cockfight.placed', {
          amount: fmt.money(answer.amount, answer.currency),
          side: t(`cockfight.${side}`),
        }),
      );
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
      refreshMine();
    } catch (e) {
      setProblem(errorText(t, e));
    } finally {
      setBusy(null);
    }
  };

  const sideCard = (side: 'meron' | 'wala') => {
    const odds = side === 'meron' ? board?.meronOdds : board?.walaOdds;
    const won = status === 'settled' && fight?.result === side;
    return (
      <div
        className={`sabong-side is-${side}${won ? ' is-won' : ''}`}
        data-testid={`sabong-side-${side}`}
      >
        <span className="sabong-side-label">{t(`cockfight.${side}`)}</span>
        <span className="sabong-side-name">
          {fight ? (side === 'meron' ? fight.meron : fight.wala) : '—'}
        </span>
        <span
          className={`sabong-odds${odds ? '' : ' is-none'}`}
          data-testid={`sabong-odds-${side}`}
          data-odds={odds ?? ''}
        >
          {odds ? t('cockfight.per_100', { odds }) : t('cockfight.no_odds')}
        </span>
        <span
          className="sabong-pool"
          data-testid={`sabong-pool-${side}`}
          data-amount={board?.[side] ?? ''}
        >
          {t('cockfight.pool', { amount: fmt.money(board?.[side] ?? '0', state.currency) })}
        </span>
        <button
          type="button"
          className="button sabong-bet"
          disabled={!open || !token || busy !== null}
          onClick={() => void bet(side)}
          data-testid={`sabong-bet-${side}`}
        >
          {t('cockfight.bet_on', { side: t(`cockfight.${side}`) })}
        </button>
      </div>
    );
  };

  return (
    <section className="sabong" data-testid="sabong" data-arena={code}>
      <header className="sabong-head">
        <h1 className="sabong-title">{state.name}</h1>
        {fight && (
          <span className="sabong-fight-no" data-testid="sabong-fight" data-fight={fight.number}>
            {t('cockfight.fight', { n: fight.number })}
          </span>
        )}
        <span
          className={`sabong-status is-${status}`}
          data-testid="sabong-status"
          data-status={status}
          role="status"
        >
          {status === 'settled' && fight?.result
            ? t(`cockfight.result.${fight.result}`)
            : t(`cockfight.status.${status}`)}
        </span>
        <span className={`live-online${online ? ' is-on' : ''}`} aria-hidden="true" />
      </header>

      <StreamPanel url={state.streamUrl} arena={state.name} />

      <div className="sabong-sides">
        {sideCard('meron')}
        <div className="sabong-vs" aria-hidden="true">
          {t('cockfight.vs')}
        </div>
        {sideCard('wala')}
      </div>
      <div className="sabong-draw" data-testid="sabong-side-draw">
        <span className="sabong-side-label">{t('cockfight.draw')}</span>
        <span className="sabong-odds">{t('cockfight.draw_pays', { ratio: state.drawRatio })}</span>
        <span className="sabong-pool">
          {t('cockfight.pool', { amount: fmt.money(board?.draw ?? '0', state.currency) })}
        </span>
        <button
          type="button"
          className="button sabong-bet"
          disabled={!open || !token || busy !== null}
          onClick={() => void bet('draw')}
          data-testid="sabong-bet-draw"
        >
          {t('cockfight.bet_on', { side: t('cockfight.draw') })}
        </button>
      </div>

      <div className="sabong-slip">
        <label className="sabong-amount">
          <span>{t('cockfight.amount')}</span>
          <input
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
            placeholder={fmt.amount(state.minBet)}
            data-testid="sabong-amount"
          />
        </label>
        <div className="sabong-quick">
          {quickAmounts(limits.min, limits.max).map((v) => (
            <button
              key={v.toString()}
              type="button"
              className="sabong-chip"
              onClick={() => setAmount(dec(v))}
            >
              {fmt.count(v / 100n)}
            </button>
          ))}
        </div>
        <p className="sabong-line">
          {token
            ? cash !== null && (
                <span data-testid="sabong-balance" data-amount={cash}>
                  {t('live.balance', { amount: fmt.money(cash, state.currency) })}
                </span>
              )
            : t('cockfight.log_in')}
        </p>
        <p className="sabong-limits">
          {t('cockfight.limits', {
            min: fmt.money(state.minBet, state.currency),
            max: fmt.money(state.maxBet, state.currency),
            draw: fmt.money(state.drawMaxBet, state.currency),
          })}
        </p>
        {notice && (
          <p className="sabong-notice" data-testid="sabong-notice">
            {notice}
          </p>
        )}
        {problem && (
          <p className="sabong-problem" role="alert" data-testid="sabong-problem">
            {problem}
          </p>
        )}
      </div>

      {token && (
        <section className="sabong-mine" aria-labelledby="sabong-mine-title">
          <h2 id="sabong-mine-title" className="sabong-label">
            {t('cockfight.my_bets')}
          </h2>
          <ul data-testid="sabong-mine">
            {mine.length === 0 && <li className="sabong-empty">{t('cockfight.no_bets')}</li>}
            {mine.slice(0, 10).map((b) => (
              <li
                key={b.betId}
                data-testid="sabong-mine-row"
                data-fight={b.fight}
                data-side={b.side}
                data-payout={b.payout ?? ''}
              >
                <span>{t('cockfight.fight', { n: b.fight })}</span>
                <span className={`sabong-tag is-${b.side}`}>{t(`cockfight.${b.side}`)}</span>
                <span>{fmt.money(b.amount, b.currency)}</span>
                <span className="sabong-mine-result">{betResult(t, fmt, b)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <TrendBoard results={state.results} />

      <details className="sabong-rules">
        <summary>{t('cockfight.rules_title')}</summary>
        <p>{t('cockfight.rule_pool', { commission: state.commission })}</p>
        <p>{t('cockfight.rule_draw', { ratio: state.drawRatio })}</p>
        <p>{t('cockfight.rule_cancel')}</p>
        <p>{t('cockfight.rule_round')}</p>
      </details>
    </section>
  );
}

function betResult(
  t: TFunction,
  fmt: ReturnType<typeof useMoney>,
  b: MyFightBets['list'][number],
): string {
  if (b.payout === null) return t('cockfight.pending');
  const payout = parseAmount(b.payout, 2) ?? 0n;
  const stake = parseAmount(b.amount, 2) ?? 0n;
  if (payout === 0n) return t('cockfight.lost');
  if (payout === stake && b.result !== b.side)
    return t('cockfight.returned', { amount: fmt.money(b.payout, b.currency) });
  return t('cockfight.won', { amount: fmt.money(b.payout, b.currency) });
}
