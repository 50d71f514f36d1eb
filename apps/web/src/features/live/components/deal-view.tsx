import { useTranslation } from 'react-i18next';
import type { LiveGame, LiveResult } from '@taya/contracts';
import { parseCard, pocketColour, WHEEL_ORDER } from '@taya/games';
import { PlayingCard } from '../../../components/playing-card';

const cardsOf = (labels: unknown) =>
  Array.isArray(labels) ? labels.map((l) => parseCard(String(l))) : [];

/** One side's hand: its name, its cards (dealt one after another) and its total. */
function Hand({
  name,
  side,
  cards,
  total,
  winner,
  note,
}: {
  name: string;
  side: 'b' | 'p';
  cards: number[];
  total: number | null;
  winner: boolean;
  note?: string | null;
}) {
  return (
    <div
      className={`deal-hand is-${side}${winner ? ' is-winner' : ''}`}
      data-testid={`hand-${side}`}
    >
      <div className="deal-hand-head">
        <span className="deal-hand-name">{name}</span>
        {total !== null && (
          <span className="deal-hand-total" data-testid={`total-${side}`}>
            {total}
          </span>
        )}
      </div>
      <div className="deal-cards">
        {cards.map((c, i) => (
          <div key={i} className="deal-card" style={{ animationDelay: `${i * 0.6}s` }}>
            <PlayingCard card={c} />
          </div>
        ))}
        {cards.length === 0 && (
          <>
            <div className="deal-card is-back">
              <PlayingCard card={null} />
            </div>
            <div className="deal-card is-back">
              <PlayingCard card={null} />
            </div>
          </>
        )}
      </div>
      {note && <span className="deal-note">{note}</span>}
    </div>
  );
}

/** The die's pips on a 3 × 3 grid. */
const pipsOf: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

export function Die({ face, rolling = false }: { face: number | null; rolling?: boolean }) {
  return (
    <svg
      className={`deal-die${rolling ? ' is-rolling' : ''}`}
      viewBox="0 0 60 60"
      role="img"
      aria-label={face ? String(face) : '?'}
      data-face={face ?? ''}
    >
      <rect x="2" y="2" width="56" height="56" rx="12" className="deal-die-body" />
      {(face ? pipsOf[face]! : []).map((p) => (
        <circle
          key={p}
          cx={14 + (p % 3) * 16}
          cy={14 + Math.floor(p / 3) * 16}
          r="5"
          className="deal-die-pip"
        />
      ))}
    </svg>
  );
}

/** A European wheel drawn in SVG, turned so the winning pocket stops at the top. */
export function Wheel({ pocket, spinning }: { pocket: number | null; spinning: boolean }) {
  const step = 360 / 37;
  const index = pocket === null ? 0 : WHEEL_ORDER.indexOf(pocket);
  const turn = -(index * step) - 360 * 3;
  return (
    <div className="deal-wheel-frame">
      <svg
        className={`deal-wheel${spinning ? ' is-spinning' : ''}`}
        viewBox="-100 -100 200 200"
        style={{ transform: `rotate(${pocket === null ? 0 : turn}deg)` }}
        aria-hidden="true"
      >
        {WHEEL_ORDER.map((n, i) => {
          const a0 = ((i - 0.5) * step - 90) * (Math.PI / 180);
          const a1 = ((i + 0.5) * step - 90) * (Math.PI / 180);
          const r = 96;
          const colour = pocketColour(n);
          const mid = (i * step - 90) * (Math.PI / 180);
          return (
            <g key={n}>
              <path
                d={`M0 0 L${r * Math.cos(a0)} ${r * Math.sin(a0)} A${r} ${r} 0 0 1 ${r * Math.cos(a1)} ${r * Math.sin(a1)}Z`}
                className={`wheel-pocket is-${colour}`}
              />
              <text
                x={82 * Math.cos(mid)}
                y={82 * Math.sin(mid) + 3}
                textAnchor="middle"
                className="wheel-number"
                transform={`rotate(${i * step} ${82 * Math.cos(mid)} ${82 * Math.sin(mid)})`}
              >
                {n}
              </text>
            </g>
          );
        })}
        <circle r="58" className="wheel-hub" />
        <circle r="14" className="wheel-cap" />
      </svg>
      <span className="deal-wheel-ball" aria-hidden="true" />
    </div>
  );
}

/** What the table shows of a round: the cards dealt, the wheel or the dice, or backs meanwhile. */
export function DealView({
  game,
  result,
  dealing,
}: {
  game: LiveGame;
  result: LiveResult | null;
  dealing: boolean;
}) {
  const { t } = useTranslation();
  const o = result?.outcome ?? {};
  if (game === 'roulette') {
    const pocket = result?.pocket ?? null;
    return (
      <div className="deal-view is-roulette" data-testid="deal-view">
        <Wheel pocket={pocket} spinning={dealing} />
        {pocket !== null && !dealing && (
          <span className={`deal-pocket is-${pocketColour(pocket)}`} data-testid="deal-pocket">
            {pocket}
          </span>
        )}
      </div>
    );
  }
  if (game === 'sic-bo') {
    const dice = result?.dice ?? [null, null, null];
    return (
      <div className="deal-view is-dice" data-testid="deal-view">
        {dice.map((d, i) => (
          <Die key={i} face={d} rolling={dealing} />
        ))}
      </div>
    );
  }
  const winner = String(o.winner ?? '');
  if (game === 'dragon-tiger') {
    return (
      <div className="deal-view" data-testid="deal-view">
        <Hand
          name={t('live.spots.dragon')}
          side="b"
          cards={o.dragon ? cardsOf([o.dragon]) : []}
          total={null}
          winner={!dealing && winner === 'dragon'}
        />
        <Hand
          name={t('live.spots.tiger')}
          side="p"
          cards={o.tiger ? cardsOf([o.tiger]) : []}
          total={null}
          winner={!dealing && winner === 'tiger'}
        />
      </div>
    );
  }
  const label = (l: unknown) =>
    l === 'lucky9' ? t('live.lucky9') : l === 'natural9' ? t('live.natural9') : null;
  return (
    <div className="deal-view" data-testid="deal-view">
      <Hand
        name={t('live.spots.player')}
        side="p"
        cards={cardsOf(o.player)}
        total={result ? (o.playerTotal as number) : null}
        winner={!dealing && winner === 'player'}
        note={label(o.playerLabel)}
      />
      <Hand
        name={t('live.spots.banker')}
        side="b"
        cards={cardsOf(o.banker)}
        total={result ? (o.bankerTotal as number) : null}
        winner={!dealing && winner === 'banker'}
        note={label(o.bankerLabel)}
      />
    </div>
  );
}
