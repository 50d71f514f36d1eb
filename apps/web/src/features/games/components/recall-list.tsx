import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { originalGames } from '@taya/contracts';
import type { SlotDefinition } from '@taya/games';
import { BetFigures } from '../../../components/bet-figures';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { divideAmount, multiplyAmount } from '../../../lib/money';
import { useRecall } from '../api/get-recall';
import {
  canVerify,
  originalVerifyHref,
  recordedSpin,
  slotOfEngine,
  verifyGame,
  type RecallProblem,
  type RecallVerdict,
  type RecalledGame,
  type RecordedSpin,
} from '../lib/recall';
import { isKnownSymbol } from '../lib/slot';
import { SlotSymbol } from './slot/slot-symbol';
import { useMoney } from '../../../hooks/use-money';

/** GLI-19 keeps the last ten games. */
const recallSize = 10;

const statusTone = { held: 'is-pending', settled: 'is-good', void: 'is-neutral' } as const;
const statusKey = { held: 'open', settled: 'settled', void: 'cancelled' } as const;
const lineColours = ['#facc15', '#22d3ee', '#f472b6', '#a3e635', '#fb923c', '#c084fc'];

/**
 * The member's last ten games (GLI-19 recall), newest first: what each drew, its stake and
 * payout, and its seeds. "Verify" replays an in-house round here in the browser with the engine
 * code the server ran; a vendor's or a lottery's game shows its record as kept.
 */
export function RecallList() {
  const { t } = useTranslation();
  const recall = useRecall();

  if (recall.isPending) return <PageLoader />;
  if (recall.isError) {
    return (
      <LoadError
        error={recall.error}
        onRetry={() => void recall.refetch()}
        retryLabel={t('recall.retry')}
      />
    );
  }
  const games = recall.data.list.slice(0, recallSize);
  return (
    <div className="recall" data-testid="recall">
      <p className="muted recall-intro">{t('recall.intro')}</p>
      {games.length === 0 ? (
        <p className="muted" data-testid="recall-empty">
          {t('recall.none')}
        </p>
      ) : (
        <ol className="record-list" data-testid="recall-list">
          {games.map((game) => (
            <RecallRow key={game.betId} game={game} />
          ))}
        </ol>
      )}
    </div>
  );
}

function RecallRow({ game }: { game: RecalledGame }) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const [verdict, setVerdict] = useState<RecallVerdict | null>(null);
  const { round } = game;
  const def = slotOfEngine(round.engine);
  const spin = recordedSpin(round.state);
  const original = Object.entries(originalGames).find(([, code]) => code === round.gameCode)?.[0];
  // The house originals' names (colour_game's key has an underscore), else the slot's, else the code.
  const originalName = original
    ? t(`originals.names.${original.replace('-game', '_game')}`, { defaultValue: round.gameCode })
    : round.gameCode;
  const gameName = t(`slot.names.${round.gameCode}`, { defaultValue: originalName });
  const originalHref = originalVerifyHref(game);

  return (
    <li className="record recall-game" data-testid="recall-row" data-round-id={round.roundId}>
      <div className="record-main">
        <span className="record-type">{gameName}</span>
        <span className={`status-chip ${statusTone[game.status]}`}>
          {t(`bets.status.${statusKey[game.status]}`)}
        </span>
      </div>
      <div className="record-meta">
        <time dateTime={game.placedAt}>{formatTime(game.placedAt)}</time>
      </div>
      <BetFigures bet={{ ...game, roundId: round.roundId }} />
      {def && spin ? <RecalledSpin def={def} spin={spin} stake={game.stake} /> : null}

      <dl className="recall-seeds">
        <div>
          <dt>{t('recall.seed_commitment')}</dt>
          <dd data-testid="recall-commitment">{round.seedCommitment ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('recall.server_seed')}</dt>
          <dd data-testid="recall-server-seed">
            {round.serverSeed ?? <span className="muted">{t('recall.seed_hidden')}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('recall.client_seed')}</dt>
          <dd>{round.clientSeed ?? '—'}</dd>
        </div>
      </dl>

      {canVerify(game) ? (
        <div className="recall-verify">
          <button
            type="button"
            className="button button-secondary button-small"
            data-testid="recall-verify"
            onClick={() => setVerdict(verifyGame(game))}
          >
            {t('recall.verify')}
          </button>
          {verdict ? <Verdict verdict={verdict} /> : null}
        </div>
      ) : originalHref ? (
        <div className="recall-verify">
          <Link
            className="button button-secondary button-small"
            to={originalHref}
            data-testid="recall-verify-original"
          >
            {t('recall.verify')}
          </Link>
        </div>
      ) : (
        <p className="muted recall-note">{t('recall.no_replay')}</p>
      )}
    </li>
  );
}

function Verdict({ verdict }: { verdict: RecallVerdict }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  if (verdict.verified) {
    return (
      <p className="recall-verdict is-verified" role="status" data-testid="recall-verdict">
        {t('recall.verified')}
      </p>
    );
  }
  const text = (problem: RecallProblem) => {
    switch (problem.kind) {
      case 'payout':
        return t('recall.problem_payout', {
          recorded: fmt.money(problem.recorded),
          replayed: fmt.money(problem.replayed),
        });
      case 'paid':
        return t('recall.problem_paid', {
          paid: fmt.money(problem.paid),
          replayed: fmt.money(problem.replayed),
        });
      default:
        return t(`recall.problem_${problem.kind}`);
    }
  };
  return (
    <div className="recall-verdict is-mismatch" role="alert" data-testid="recall-verdict">
      <strong>{t('recall.mismatch')}</strong>
      <ul>
        {verdict.problems.map((problem) => (
          <li key={problem.kind}>{text(problem)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The 5×3 window a slot round drew, its winning lines drawn over it, and what each paid. */
function RecalledSpin({
  def,
  spin,
  stake,
}: {
  def: SlotDefinition;
  spin: RecordedSpin;
  stake: string;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const symbolName = (symbol: string) =>
    isKnownSymbol(symbol) ? t(`slot.symbols.${symbol}`) : symbol;
  const winning = new Set<string>();
  for (const win of spin.lineWins) {
    (def.lines[win.line] ?? []).slice(0, win.count).forEach((row, reel) => {
      winning.add(`${reel}:${row}`);
    });
  }
  const scatterPays = spin.scatterMultiple > 0;
  const lineBet = divideAmount(stake, def.lines.length);

  return (
    <div className="recall-spin">
      <div
        className="recall-grid"
        role="group"
        aria-label={t('recall.outcome')}
        data-testid="recall-grid"
      >
        {spin.grid.map((column, reel) => (
          <div key={reel} className="recall-reel">
            {column.map((symbol, row) => {
              const hit = winning.has(`${reel}:${row}`) || (scatterPays && symbol === def.scatter);
              return (
                <div key={row} className={hit ? 'recall-cell is-winning' : 'recall-cell'}>
                  <SlotSymbol symbol={symbol} label={symbolName(symbol)} />
                </div>
              );
            })}
          </div>
        ))}
        {spin.lineWins.length > 0 ? (
          <svg
            className="recall-lines"
            viewBox={`0 0 ${spin.grid.length * 100} ${def.rows * 100}`}
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            {spin.lineWins.map((win, index) => {
              const points = (def.lines[win.line] ?? [])
                .map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`)
                .join(' ');
              return (
                <g key={win.line} fill="none" strokeLinejoin="round" strokeLinecap="round">
                  <polyline
                    points={points}
                    stroke="rgb(0 0 0 / 0.55)"
                    strokeWidth="5"
                    vectorEffect="non-scaling-stroke"
                  />
                  <polyline
                    points={points}
                    stroke={lineColours[index % lineColours.length]}
                    strokeWidth="3"
                    vectorEffect="non-scaling-stroke"
                  />
                </g>
              );
            })}
          </svg>
        ) : null}
      </div>
      <ul className="recall-wins" data-testid="recall-wins">
        {spin.lineWins.map((win, index) => (
          <li key={win.line}>
            <span
              className="recall-swatch"
              style={{ background: lineColours[index % lineColours.length] }}
              aria-hidden="true"
            />
            {t('slot.line_win', {
              line: win.line + 1,
              n: win.count,
              symbol: symbolName(win.symbol),
              amount: fmt.money(multiplyAmount(lineBet, win.multiple)),
            })}
          </li>
        ))}
        {scatterPays ? (
          <li>
            <span className="recall-swatch is-scatter" aria-hidden="true" />
            {t('slot.scatter_win', {
              n: spin.scatterCount,
              symbol: symbolName(def.scatter),
              amount: fmt.money(multiplyAmount(stake, spin.scatterMultiple)),
            })}
          </li>
        ) : null}
        {spin.lineWins.length === 0 && !scatterPays ? <li>{t('slot.no_win')}</li> : null}
      </ul>
    </div>
  );
}
