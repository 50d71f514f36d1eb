import { cardRank, cardSuit, CARD_RANKS, type Card } from '@taya/games';

const suits = ['♣', '♦', '♥', '♠'] as const;
const suitNames = ['clubs', 'diamonds', 'hearts', 'spades'] as const;
const rankText = (rank: number) => (CARD_RANKS[rank] === 'T' ? '10' : CARD_RANKS[rank]!);

/** Where a number card's pips sit on a 100 × 140 face (the usual layouts). */
const pips: Record<number, [number, number][]> = {
  2: [
    [50, 32],
    [50, 108],
  ],
  3: [
    [50, 32],
    [50, 70],
    [50, 108],
  ],
  4: [
    [32, 32],
    [68, 32],
    [32, 108],
    [68, 108],
  ],
  5: [
    [32, 32],
    [68, 32],
    [50, 70],
    [32, 108],
    [68, 108],
  ],
  6: [
    [32, 32],
    [68, 32],
    [32, 70],
    [68, 70],
    [32, 108],
    [68, 108],
  ],
  7: [
    [32, 32],
    [68, 32],
    [50, 51],
    [32, 70],
    [68, 70],
    [32, 108],
    [68, 108],
  ],
  8: [
    [32, 32],
    [68, 32],
    [50, 51],
    [32, 70],
    [68, 70],
    [50, 89],
    [32, 108],
    [68, 108],
  ],
  9: [
    [32, 30],
    [68, 30],
    [32, 56],
    [68, 56],
    [50, 70],
    [32, 84],
    [68, 84],
    [32, 110],
    [68, 110],
  ],
  10: [
    [32, 30],
    [68, 30],
    [50, 43],
    [32, 56],
    [68, 56],
    [32, 84],
    [68, 84],
    [50, 97],
    [32, 110],
    [68, 110],
  ],
};

/**
 * A card face drawn in SVG: rank and suit in two corners, the pips of a number card, a framed
 * portrait emblem for J, Q, K, a large pip for an ace; `back` draws the back. A deuce in Deuces
 * Wild carries a "WILD" band.
 */
export function PlayingCard({ card, wild = false }: { card: Card | null; wild?: boolean }) {
  if (card === null) {
    return (
      <svg className="pc pc-back" viewBox="0 0 100 140" aria-hidden="true">
        <rect x="1.5" y="1.5" width="97" height="137" rx="9" className="pc-edge" />
        <rect x="8" y="8" width="84" height="124" rx="6" className="pc-back-field" />
        <path d="M50 24 76 70 50 116 24 70z" className="pc-back-mark" />
        <circle cx="50" cy="70" r="10" className="pc-back-dot" />
      </svg>
    );
  }
  const rank = cardRank(card);
  const suit = cardSuit(card);
  const red = suit === 1 || suit === 2;
  const label = rankText(rank);
  const symbol = suits[suit]!;
  const face = rank >= 9 && rank <= 11;
  return (
    <svg
      className={`pc ${red ? 'is-red' : 'is-black'}`}
      viewBox="0 0 100 140"
      role="img"
      aria-label={`${label} ${suitNames[suit]}`}
      data-card={`${CARD_RANKS[rank]}${'cdhs'[suit]}`}
    >
      <rect x="1.5" y="1.5" width="97" height="137" rx="9" className="pc-edge" />
      <g className="pc-ink">
        <text x="9" y="25" className="pc-rank">
          {label}
        </text>
        <text x="10" y="42" className="pc-corner-suit">
          {symbol}
        </text>
        <g transform="rotate(180 50 70)">
          <text x="9" y="25" className="pc-rank">
            {label}
          </text>
          <text x="10" y="42" className="pc-corner-suit">
            {symbol}
          </text>
        </g>
        {rank === 12 ? (
          <text x="50" y="88" textAnchor="middle" className="pc-ace">
            {symbol}
          </text>
        ) : face ? (
          <g>
            <rect x="24" y="26" width="52" height="88" rx="4" className="pc-frame" />
            <path
              d={
                rank === 11
                  ? 'M34 62 38 44 46 56 50 40 54 56 62 44 66 62z'
                  : rank === 10
                    ? 'M36 62 40 48 50 56 60 48 64 62z M50 40a4 4 0 1 1 0 .1'
                    : 'M38 62 42 50 50 46 58 50 62 62z'
              }
              className="pc-crown"
            />
            <text x="50" y="98" textAnchor="middle" className="pc-face-letter">
              {label}
            </text>
            <text x="50" y="80" textAnchor="middle" className="pc-face-suit">
              {symbol}
            </text>
          </g>
        ) : (
          (pips[rank + 2] ?? []).map(([x, y], i) => (
            <text
              key={i}
              x={x}
              y={y + 8}
              textAnchor="middle"
              className="pc-pip"
              transform={y > 70 ? `rotate(180 ${x} ${y})` : undefined}
            >
              {symbol}
            </text>
          ))
        )}
      </g>
      {wild ? (
        <g>
          <rect x="14" y="60" width="72" height="20" rx="4" className="pc-wild-band" />
          <text x="50" y="75" textAnchor="middle" className="pc-wild">
            WILD
          </text>
        </g>
      ) : null}
    </svg>
  );
}
