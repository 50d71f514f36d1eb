import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../../lib/i18n';
import { Icon } from '../../../../components/icon';
import { ApiError } from '../../../../lib/api-client';
import { errorText } from '../../../../lib/error-text';
import { amountSign, divideAmount, multiplyAmount } from '../../../../lib/money';
import { memberTabs, paths } from '../../../../lib/paths';
import { demoPlayerId, newSpinId, useSpinSlot } from '../../api/spin-slot';
import { useMoney } from '../../../../hooks/use-money';
import { isKnownSymbol, prefersReducedMotion, restingGrid, winningCells } from '../../lib/slot';
import type { SlotJackpotWin, SlotOpen, SlotSpin } from '../../lib/types';
import { JackpotDialog } from './jackpot-dialog';
import { PaytableDialog } from './paytable-dialog';
import { SlotSymbol } from './slot-symbol';

/** The reels turn at least this long, then stop one by one, left to right. */
const minSpinMs = 450;
const reelStopGapMs = 140;

/** One colour per highlighted line, so crossing lines stay apart. */
const lineColours = ['#facc15', '#22d3ee', '#f472b6', '#a3e635', '#fb923c', '#c084fc'];

/** Milliseconds on a monotonic clock, for timing the reels. */
function clock(): number {
  return performance.now();
}

type SpinProblem = { kind: 'funds' | 'session' | 'other'; message: string };

/**
 * Taya Fortune on the page: 5×3 reels drawn in SVG, a bet chosen from the game's options, the
 * balance and the last win, winning lines traced over the reels, and the paytable. The game
 * session lives in this component's memory only.
 */
export function SlotMachine({ opened, title }: { opened: SlotOpen; title: string }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const language = useCurrentLanguage();
  const betId = useId();
  const { game } = opened;
  const spinSlot = useSpinSlot();
  const [bet, setBet] = useState(game.betOptions[0] ?? '');
  const [balance, setBalance] = useState(opened.balance);
  const [grid, setGrid] = useState<string[][]>(() => restingGrid(game));
  const [stopped, setStopped] = useState(game.reels);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SlotSpin | null>(null);
  const [problem, setProblem] = useState<SpinProblem | null>(null);
  const [paytableOpen, setPaytableOpen] = useState(false);
  // Stays up until the player closes it, whatever happens to the reels meanwhile.
  const [jackpotWin, setJackpotWin] = useState<SlotJackpotWin | null>(null);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const money = (amount: string) => fmt.money(amount, opened.currency);
  const symbolName = (symbol: string) =>
    isKnownSymbol(symbol) ? t(`slot.symbols.${symbol}`) : symbol;
  const lineBet = divideAmount(bet, game.lines.length);
  const stripSymbols = [...new Set([...Object.keys(game.pays), game.wild, game.scatter])];
  const sessionOver = problem?.kind === 'session';

  const reveal = (answer: SlotSpin, startedAt: number) => {
    const finish = () => {
      setSpinning(false);
      setResult(answer);
      // The jackpot is already in this balance; free play's answers never carry one.
      setBalance(answer.balance);
      if (answer.jackpot) setJackpotWin(answer.jackpot);
    };
    setGrid(answer.grid);
    if (prefersReducedMotion()) {
      setStopped(game.reels);
      finish();
      return;
    }
    const wait = Math.max(0, minSpinMs - (clock() - startedAt));
    for (let reel = 0; reel < game.reels; reel++) {
      timers.current.push(
        window.setTimeout(() => setStopped(reel + 1), wait + reel * reelStopGapMs),
      );
    }
    timers.current.push(window.setTimeout(finish, wait + (game.reels - 1) * reelStopGapMs + 60));
  };

  const spin = () => {
    if (spinning || sessionOver || !bet) return;
    setProblem(null);
    setResult(null);
    setSpinning(true);
    setStopped(prefersReducedMotion() ? game.reels : 0);
    const startedAt = clock();
    spinSlot.mutate(
      {
        session: opened.session,
        playerId: opened.playerId,
        gameCode: game.code,
        bet,
        language,
        requestId: newSpinId(),
      },
      {
        onSuccess: (answer) => reveal(answer, startedAt),
        onError: (error) => {
          setSpinning(false);
          setStopped(game.reels);
          setProblem(spinProblem(error));
        },
      },
    );
  };

  function spinProblem(error: unknown): SpinProblem {
    const code = error instanceof ApiError ? error.errorCode : null;
    if (code === 'insufficient_funds') {
      return { kind: 'funds', message: t('errors.insufficient_funds') };
    }
    if (code === 'game_session_invalid' || code === 'login.not.session') {
      return { kind: 'session', message: t('slot.session_ended') };
    }
    return { kind: 'other', message: errorText(t, error) };
  }

  const settled = result !== null && !spinning;
  const highlighted = settled ? winningCells(game, result) : new Set<string>();
  const won = settled && amountSign(result.payout) > 0;

  return (
    <section className="slot" aria-label={title} data-testid="slot-machine">
      <div className="slot-top">
        <h1 className="slot-title">{title}</h1>

        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setPaytableOpen(true)}
          data-testid="slot-paytable-button"
        >
          <Icon name="info" size={16} />
          {t('slot.paytable')}
        </button>
      </div>
      {opened.playerId === demoPlayerId ? (
        <div className="slot-demo-row">
          <strong className="slot-demo-mark" data-testid="slot-demo-mark">
            {t('slot.demo_mark')}
          </strong>
          <p className="slot-demo" data-testid="slot-demo">
            {t('slot.demo_badge')}
          </p>
        </div>
      ) : null}

      <div className={spinning ? 'slot-cabinet is-spinning' : 'slot-cabinet'}>
        <div
          className="slot-reels"
          role="group"
          aria-label={t('slot.reels')}
          data-testid="slot-reels"
        >
          {grid.map((column, reel) => {
            const turning = spinning && reel >= stopped;
            return (
              <div
                key={reel}
                className={turning ? 'slot-reel is-turning' : 'slot-reel'}
                data-testid="slot-reel"
                aria-busy={turning}
              >
                {column.map((symbol, row) => (
                  <div
                    key={row}
                    className={
                      highlighted.has(`${reel}:${row}`) ? 'slot-cell is-winning' : 'slot-cell'
                    }
                  >
                    <SlotSymbol symbol={symbol} label={turning ? null : symbolName(symbol)} />
                  </div>
                ))}
                {turning ? <SpinStrip reel={reel} symbols={stripSymbols} /> : null}
              </div>
            );
          })}
          {settled && result.lineWins.length > 0 ? (
            <svg
              className="slot-lines"
              viewBox={`0 0 ${game.reels * 100} ${game.rows * 100}`}
              preserveAspectRatio="none"
              aria-hidden="true"
            >
              {result.lineWins.map((win, index) => {
                const points = (game.lines[win.line] ?? [])
                  .map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`)
                  .join(' ');
                // A dark edge under the colour keeps every line visible on light and dark reels.
                return (
                  <g key={win.line} fill="none" strokeLinejoin="round" strokeLinecap="round">
                    <polyline
                      points={points}
                      stroke="rgb(0 0 0 / 0.55)"
                      strokeWidth="7"
                      vectorEffect="non-scaling-stroke"
                    />
                    <polyline
                      points={points}
                      stroke={lineColours[index % lineColours.length]}
                      strokeWidth="4"
                      vectorEffect="non-scaling-stroke"
                    />
                  </g>
                );
              })}
            </svg>
          ) : null}
        </div>
      </div>

      <div className="slot-meters">
        <div className="slot-meter">
          <span className="slot-meter-label">{t('slot.balance')}</span>
          <span className="slot-meter-value" data-testid="slot-balance">
            {money(balance)}
          </span>
        </div>
        <div className={won ? 'slot-meter is-win' : 'slot-meter'}>
          <span className="slot-meter-label">{t('slot.win')}</span>
          <span className="slot-meter-value" data-testid="slot-win">
            {money(settled ? result.payout : '0')}
          </span>
        </div>
      </div>

      <div className="slot-controls">
        <div className="slot-bet">
          <label htmlFor={betId} className="field-label">
            {t('slot.total_bet')}
          </label>
          <div className="field-control">
            <select
              id={betId}
              className="field-input"
              value={bet}
              disabled={spinning}
              data-testid="slot-bet"
              onChange={(event) => setBet(event.target.value)}
            >
              {game.betOptions.map((option) => (
                <option key={option} value={option}>
                  {money(option)}
                </option>
              ))}
            </select>
          </div>
          <span className="field-hint">
            {t('slot.line_bet', { amount: money(lineBet), lines: game.lines.length })}
          </span>
        </div>
        <button
          type="button"
          className="slot-spin"
          onClick={spin}
          disabled={spinning || sessionOver}
          aria-busy={spinning}
          data-testid="slot-spin"
        >
          <Icon name="refresh" size={26} />
          <span>{spinning ? t('slot.spinning') : t('slot.spin')}</span>
        </button>
      </div>

      <div className="slot-outcome" aria-live="polite" data-testid="slot-outcome">
        {settled ? (
          won ? (
            <p className="slot-outcome-title is-win">
              {t('slot.you_won', { amount: money(result.payout) })}
            </p>
          ) : result.jackpot ? null : (
            <p className="slot-outcome-title">{t('slot.no_win')}</p>
          )
        ) : null}
        {settled && result.jackpot ? (
          <p className="slot-outcome-jackpot" data-testid="slot-jackpot-line">
            {t('slot.jackpot_line', {
              name: result.jackpot.name,
              amount: money(result.jackpot.amount),
            })}
          </p>
        ) : null}
        {settled && (result.lineWins.length > 0 || result.scatterMultiple > 0) ? (
          <ul className="slot-wins" data-testid="slot-line-wins">
            {result.lineWins.map((win, index) => (
              <li key={win.line}>
                <span
                  className="slot-win-swatch"
                  style={{ background: lineColours[index % lineColours.length] }}
                  aria-hidden="true"
                />
                {t('slot.line_win', {
                  line: win.line + 1,
                  n: win.count,
                  symbol: symbolName(win.symbol),
                  amount: money(multiplyAmount(lineBet, win.multiple)),
                })}
              </li>
            ))}
            {result.scatterMultiple > 0 ? (
              <li>
                <span className="slot-win-swatch is-scatter" aria-hidden="true" />
                {t('slot.scatter_win', {
                  n: result.scatterCount,
                  symbol: symbolName(game.scatter),
                  amount: money(multiplyAmount(result.bet, result.scatterMultiple)),
                })}
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>

      {problem ? (
        <div className="form-alert slot-problem" role="alert" data-testid="slot-error">
          <p>{problem.message}</p>
          {problem.kind === 'funds' ? (
            <Link
              className="button button-primary button-small"
              to={paths.member.href(memberTabs.deposit)}
            >
              {t('wallet.deposit')}
            </Link>
          ) : null}
          {problem.kind === 'session' ? (
            <Link className="button button-primary button-small" to={paths.home.href()}>
              {t('game.back')}
            </Link>
          ) : null}
        </div>
      ) : null}

      {jackpotWin ? (
        <JackpotDialog win={jackpotWin} money={money} onClose={() => setJackpotWin(null)} />
      ) : null}

      {paytableOpen ? (
        <PaytableDialog
          game={game}
          bet={bet}
          money={money}
          symbolName={symbolName}
          onClose={() => setPaytableOpen(false)}
        />
      ) : null}
    </section>
  );
}

/** A blurred column of symbols running past while a reel turns. */
function SpinStrip({ reel, symbols }: { reel: number; symbols: readonly string[] }) {
  // Each reel runs its own order so the columns do not move in step. Two copies make the loop
  // seamless: the strip slides by half its height and starts over.
  const order = symbols.map((_, i) => symbols[(i * 3 + reel * 2) % symbols.length]!);
  return (
    <div className="slot-strip" aria-hidden="true" style={{ animationDelay: `${-reel * 70}ms` }}>
      {[...order, ...order].map((symbol, i) => (
        <div key={i} className="slot-cell">
          <SlotSymbol symbol={symbol} label={null} />
        </div>
      ))}
    </div>
  );
}
