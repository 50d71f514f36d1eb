import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OddsAccept, SportsLimits, Ticket } from '@taya/contracts';
import { PARLAY_MAX_LEGS } from '@taya/games';
import { useMoney } from '../../../hooks/use-money';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { fromMinor, toMinor } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { walletBalanceKey } from '../../../lib/query-keys';
import { newRequestId } from '../../../lib/request-id';
import { useSessionToken } from '../../../lib/session';
import { placeTicket, sportsKeys } from '../api';
import {
  applyOddsChanged,
  confirmChanges,
  parlayOdds,
  parlayProblem,
  pickKey,
  stakeProblem,
  ticketPotential,
  type SlipPick,
} from '../lib/slip';
import { setOddsAccept, updateSlip, useOddsAccept, useSlip } from '../lib/store';
import { OddsText } from './odds-button';
import { useMarketName, useSelectionText } from './use-labels';

const cleanStake = (v: string) => v.replace(/[^\d.]/g, '');

/** The legs of a 409 `odds_changed` answer, or null for any other failure. */
function changedLegs(error: unknown) {
  if (!(error instanceof ApiError) || error.errorCode !== 'odds_changed') return null;
  const legs = (error.value as { legs?: unknown } | null)?.legs;
  return Array.isArray(legs)
    ? (legs as { market: string; selection: string; odds: number | null }[])
    : [];
}

/**
 * The bet slip: a column beside the lists on wide screens, a drawer from the bottom on phones
 * (opened by the floating "Bet slip (n)" button). Singles (a stake each, one ticket each) or a
 * parlay (2–10 legs on different fixtures, one stake); potential returns in money from the exact
 * ticket maths; a moved price is shown and must be confirmed by placing again.
 */
export function BetSlip({ limits }: { limits: SportsLimits | undefined }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const slip = useSlip();
  const accept = useOddsAccept();
  const token = useSessionToken();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const selectionText = useSelectionText();
  const marketName = useMarketName();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [placed, setPlaced] = useState<Ticket[]>([]);

  const { picks, mode } = slip;
  const currency = limits?.currency;
  const money = (minor: bigint) => fmt.money(fromMinor(minor), currency);
  const bounds = limits
    ? { minStake: toMinor(limits.minStake) ?? 0n, maxPayout: toMinor(limits.maxPayout) ?? 0n }
    : null;
  const changed = picks.some((p) => p.state === 'changed');

  const singleCheck = (p: SlipPick) => {
    const stake = toMinor(p.stake);
    const potential = stake === null ? 0n : ticketPotential(stake, [p.odds]);
    return { stake, potential, problem: bounds ? stakeProblem(stake, potential, bounds) : null };
  };
  const parlay = parlayProblem(picks);
  const combined = picks.length >= 2 ? parlayOdds(picks) : null;
  const parlayStake = toMinor(slip.parlayStake);
  const parlayPotential =
    parlayStake !== null && combined !== null
      ? ticketPotential(
          parlayStake,
          picks.map((p) => p.odds),
        )
      : 0n;
  const parlayStakeProblem = bounds ? stakeProblem(parlayStake, parlayPotential, bounds) : null;

  const setStake = (key: string, stake: string) =>
    updateSlip((s) => ({
      ...s,
      picks: s.picks.map((p) => (pickKey(p) === key ? { ...p, stake } : p)),
    }));
  const remove = (key: string) =>
    updateSlip((s) => ({ ...s, picks: s.picks.filter((p) => pickKey(p) !== key) }));

  const canPlace =
    !busy &&
    picks.length > 0 &&
    (mode === 'parlay'
      ? parlay === null && parlayStakeProblem === null
      : picks.every(
          (p) => p.state !== 'locked' && p.state !== 'gone' && singleCheck(p).problem === null,
        ));

  const place = async () => {
    setProblem(null);
    setPlaced([]);
    if (!token) {
      void navigate(paths.login.href(), { state: { from: location } });
      return;
    }
    if (!canPlace) return;
    setBusy(true);
    // Placing again is the confirmation of every moved price on the slip.
    updateSlip((s) => ({ ...s, picks: confirmChanges(s.picks) }));
    const done: Ticket[] = [];
    const tickets =
      mode === 'parlay'
        ? [{ legs: picks, stake: slip.parlayStake }]
        : picks.map((p) => ({ legs: [p], stake: p.stake }));
    try {
      for (const ticket of tickets) {
        const answer = await placeTicket({
          requestId: newRequestId(),
          legs: ticket.legs.map((p) => ({
            market: p.market,
            selection: p.selection,
            odds: p.odds,
          })),
          stake: fromMinor(toMinor(ticket.stake) ?? 0n),
          accept,
        });
        done.push(answer);
        const keys = new Set(ticket.legs.map(pickKey));
        updateSlip((s) => ({
          ...s,
          picks: s.picks.filter((p) => !keys.has(pickKey(p))),
          parlayStake: mode === 'parlay' ? '' : s.parlayStake,
        }));
      }
    } catch (e) {
      const legs = changedLegs(e);
      if (legs) {
        updateSlip((s) => ({ ...s, picks: applyOddsChanged(s.picks, legs) }));
        setProblem(t('errors.odds_changed'));
      } else setProblem(errorText(t, e));
    } finally {
      setBusy(false);
      if (done.length > 0) {
        setPlaced(done);
        void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
        void queryClient.invalidateQueries({ queryKey: sportsKeys.allTickets });
      }
    }
  };

  const stakeInput = (value: string, onChange: (v: string) => void, label: string) => (
    <label className="sb-stake">
      <span>{label}</span>
      <input
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(cleanStake(e.target.value))}
        placeholder={limits ? fmt.amount(limits.minStake) : ''}
        data-testid="slip-stake"
      />
    </label>
  );

  const problemText = (p: ReturnType<typeof stakeProblem>) =>
    p === 'below_min' && limits
      ? t('sports.slip.below_min', { amount: fmt.money(limits.minStake, currency) })
      : p === 'above_payout' && limits
        ? t('sports.slip.above_payout', { amount: fmt.money(limits.maxPayout, currency) })
        : null;

  return (
    <>
      <button
        type="button"
        className={`sb-slip-fab${picks.length ? ' has-picks' : ''}`}
        onClick={() => setOpen(true)}
        data-testid="slip-open"
      >
        {t('sports.slip.open', { n: picks.length })}
      </button>
      {open && <div className="sb-slip-cover" onClick={() => setOpen(false)} aria-hidden="true" />}
      <aside
        className={`sb-slip${open ? ' is-open' : ''}`}
        data-testid="bet-slip"
        aria-label={t('sports.slip.title')}
      >
        <header className="sb-slip-head">
          <h2>
            {t('sports.slip.title')} <span className="sb-slip-count">{picks.length}</span>
          </h2>
          {picks.length > 0 && (
            <button
              type="button"
              className="sb-link"
              onClick={() => updateSlip((s) => ({ ...s, picks: [], parlayStake: '' }))}
            >
              {t('sports.slip.clear')}
            </button>
          )}
          <button
            type="button"
            className="sb-slip-close"
            onClick={() => setOpen(false)}
            aria-label={t('sports.slip.close')}
          >
            ×
          </button>
        </header>
        <div className="sb-tabs is-slip" role="tablist">
          {(['single', 'parlay'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              className={mode === m ? 'is-on' : ''}
              onClick={() => updateSlip((s) => ({ ...s, mode: m }))}
              data-testid={`slip-${m}`}
            >
              {t(`sports.slip.${m}`)}
            </button>
          ))}
        </div>

        {placed.length > 0 && (
          <div className="sb-slip-placed" role="status" data-testid="slip-placed">
            <strong>{t('sports.slip.placed', { count: placed.length })}</strong>
            {placed.map((ticket) => (
              <span key={ticket.id} data-ticket={ticket.id}>
                #{ticket.id} · {fmt.money(ticket.stake, ticket.currency)} →{' '}
                {fmt.money(ticket.potential, ticket.currency)}
              </span>
            ))}
            <Link to={paths.sportsMyBets.href()}>{t('sports.my_bets.title')}</Link>
          </div>
        )}

        {picks.length === 0 ? (
          <p className="sb-slip-empty">{t('sports.slip.empty')}</p>
        ) : (
          <ul className="sb-slip-picks">
            {picks.map((p) => {
              const key = pickKey(p);
              const check = singleCheck(p);
              return (
                <li
                  key={key}
                  className={`sb-pick is-${p.state}`}
                  data-testid="slip-pick"
                  data-state={p.state}
                  data-market={p.market}
                  data-selection={p.selection}
                >
                  <div className="sb-pick-top">
                    <span className="sb-pick-sel">{selectionText(p, p.selection, p)}</span>
                    <span className="sb-pick-odds" data-odds={p.odds}>
                      {p.state === 'changed' && p.previous !== null && (
                        <s className="sb-pick-was">
                          <OddsText odds={p.previous} />
                        </s>
                      )}
                      <OddsText odds={p.odds} />
                    </span>
                    <button
                      type="button"
                      className="sb-pick-remove"
                      onClick={() => remove(key)}
                      aria-label={t('sports.slip.remove')}
                    >
                      ×
                    </button>
                  </div>
                  <span className="sb-pick-market">{marketName(p)}</span>
                  <span className="sb-pick-match">
                    {p.home} {t('sports.vs')} {p.away}
                  </span>
                  {p.state !== 'ok' && (
                    <span className={`sb-pick-flag is-${p.state}`}>
                      {t(`sports.slip.state.${p.state}`)}
                    </span>
                  )}
                  {p.state === 'gone' && (
                    <button
                      type="button"
                      className="button sb-pick-drop"
                      onClick={() => remove(key)}
                    >
                      {t('sports.slip.remove')}
                    </button>
                  )}
                  {mode === 'single' && p.state !== 'gone' && (
                    <div className="sb-pick-stake">
                      {stakeInput(p.stake, (v) => setStake(key, v), t('sports.slip.stake'))}
                      <span className="sb-return">
                        {t('sports.slip.returns')} <b>{money(check.potential)}</b>
                      </span>
                      {problemText(check.problem) && (
                        <span className="sb-slip-warn">{problemText(check.problem)}</span>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}

        {mode === 'parlay' && picks.length > 0 && (
          <div className="sb-parlay">
            {parlay !== null ? (
              <p className="sb-slip-warn" data-testid="slip-parlay-problem">
                {t(`sports.slip.parlay_${parlay}`, { max: PARLAY_MAX_LEGS })}
              </p>
            ) : null}
            {combined !== null && (
              <p className="sb-parlay-odds">
                {t('sports.slip.combined', { count: picks.length })}{' '}
                <b data-testid="slip-combined" data-odds={combined}>
                  <OddsText odds={combined} />
                </b>
              </p>
            )}
            {stakeInput(
              slip.parlayStake,
              (v) => updateSlip((s) => ({ ...s, parlayStake: v })),
              t('sports.slip.stake'),
            )}
            <span className="sb-return">
              {t('sports.slip.returns')} <b data-testid="slip-return">{money(parlayPotential)}</b>
            </span>
            {problemText(parlayStakeProblem) && (
              <span className="sb-slip-warn">{problemText(parlayStakeProblem)}</span>
            )}
          </div>
        )}

        <div className="sb-slip-foot">
          <label className="sb-accept">
            <span>{t('sports.slip.accept')}</span>
            <select
              value={accept}
              onChange={(e) => setOddsAccept(e.target.value as OddsAccept)}
              data-testid="slip-accept"
            >
              {(['any', 'higher', 'none'] as const).map((a) => (
                <option key={a} value={a}>
                  {t(`sports.slip.accept_${a}`)}
                </option>
              ))}
            </select>
          </label>
          {limits && (
            <p className="sb-slip-limits">
              {t('sports.slip.limits', {
                min: fmt.money(limits.minStake, currency),
                max: fmt.money(limits.maxPayout, currency),
              })}
            </p>
          )}
          {problem && (
            <p className="sb-slip-problem" role="alert" data-testid="slip-problem">
              {problem}
            </p>
          )}
          <button
            type="button"
            className="button button-primary sb-place"
            disabled={token ? !canPlace : picks.length === 0}
            onClick={() => void place()}
            data-testid="slip-place"
          >
            {!token
              ? t('sports.slip.log_in')
              : busy
                ? t('sports.slip.placing')
                : changed
                  ? t('sports.slip.accept_changes')
                  : t('sports.slip.place')}
          </button>
        </div>
      </aside>
    </>
  );
}
