/**
 * Sportsbook markets and how a selection settles (GAMES.md §11, Appendix C 6).
 *
 * A market reads one score of its fixture — the `period` it is priced on: football's regular
 * time (`ft`, 90 minutes and stoppage, no extra time or penalties), the first half (`h1`), the
 * whole game with overtime (`ot`, basketball and the like) or maps won (`maps`, e-sports) — and
 * settles each of its selections to a {@link LegOutcome}:
 *
 * - `1x2` — `home` / `draw` / `away` on the score.
 * - `ml` (money line, match winner) — `home` / `away`; a level score pushes (draw no bet).
 * - `ah` (Asian handicap, spread) — `home` / `away` with the line added to the home side (and
 *   taken from the away side). A line is held in quarters (−0.75 → −3): a whole line pushes on a
 *   level adjusted score, a half line cannot, and a quarter line splits the stake equally between
 *   the two lines either side (−0.75 = ½ on −0.5 + ½ on −1), giving half wins and half losses. An
 *   in-play handicap bet counts only the goals scored after it was accepted (the score at the bet
 *   is subtracted: the Asian convention).
 * - `ou` (over/under, totals) — `over` / `under` the line on the total, same quarter rule; in-play
 *   totals count every goal.
 * - `btts` (both teams to score) — `yes` / `no`.
 * - `cs` (correct score) — `"<home>-<away>"` for each listed score, and `other` for any score not
 *   listed.
 * - `oe` (odd/even total) — `odd` / `even` (0 is even).
 *
 * A market voided (fixture cancelled, abandoned, not resumed) settles every leg `void`.
 */

export const SPORTS_MARKET_KINDS = ['1x2', 'ml', 'ah', 'ou', 'btts', 'cs', 'oe'] as const;
export type SportsMarketKind = (typeof SPORTS_MARKET_KINDS)[number];

export const SPORTS_PERIODS = ['ft', 'h1', 'ot', 'maps'] as const;
export type SportsPeriod = (typeof SPORTS_PERIODS)[number];

export type LegOutcome = 'win' | 'half-win' | 'push' | 'half-loss' | 'lose' | 'void';

export interface Score {
  home: number;
  away: number;
}

export interface MarketSpec {
  kind: SportsMarketKind;
  /** The handicap (home side) or total line in quarters; `ah` and `ou` only. */
  line?: number;
  /** `cs` only: the scores offered as selections ("2-1"); every other score is `other`. */
  scores?: readonly string[];
}

/** The selections a market offers. */
export function marketSelections(spec: MarketSpec): string[] {
  switch (spec.kind) {
    case '1x2':
      return ['home', 'draw', 'away'];
    case 'ml':
    case 'ah':
      return ['home', 'away'];
    case 'ou':
      return ['over', 'under'];
    case 'btts':
      return ['yes', 'no'];
    case 'cs':
      return [...(spec.scores ?? []), 'other'];
    case 'oe':
      return ['odd', 'even'];
  }
}

/** A market's shape problem, or null: lines in whole quarters where needed, scores well formed. */
export function marketProblem(spec: MarketSpec): string | null {
  const needsLine = spec.kind === 'ah' || spec.kind === 'ou';
  if (needsLine) {
    if (spec.line === undefined || !Number.isSafeInteger(spec.line))
      return 'a line in quarters is required';
    if (spec.kind === 'ou' && spec.line <= 0) return 'a total line is above zero';
    if (Math.abs(spec.line) > 4 * 500) return 'the line is out of range';
  } else if (spec.line !== undefined) return 'this market takes no line';
  if (spec.kind === 'cs') {
    const scores = spec.scores ?? [];
    if (scores.length === 0) return 'a correct-score market lists its scores';
    if (new Set(scores).size !== scores.length) return 'a score is listed twice';
    if (!scores.every((s) => /^\d{1,3}-\d{1,3}$/.test(s))) return 'scores read "<home>-<away>"';
  } else if (spec.scores !== undefined) return 'only a correct-score market lists scores';
  return null;
}

/** A line in quarters as the decimal players read (−3 → "-0.75", 2 → "+0.5", 0 → "0"). */
export function lineText(quarters: number, signed = true): string {
  const sign = quarters < 0 ? '-' : quarters > 0 && signed ? '+' : '';
  const q = Math.abs(quarters);
  const whole = Math.floor(q / 4);
  const frac = ['', '.25', '.5', '.75'][q % 4]!;
  return `${sign}${whole}${frac}`;
}

/**
 * A quarter line the Asian way, as its two halves ("-0.75" → "-0.5/-1", "+0.25" → "0/+0.5");
 * whole and half lines as they are.
 */
export function asianLineText(quarters: number): string {
  if (quarters % 2 === 0) return lineText(quarters);
  const a = quarters - 1;
  const b = quarters + 1;
  const [lo, hi] = Math.abs(a) < Math.abs(b) ? [a, b] : [b, a];
  return `${lineText(lo)}/${lineText(hi)}`;
}

/** Reads "-0.75", "+1", "2.5" as quarters; null when it is not a multiple of 0.25. */
export function quartersOf(text: string): number | null {
  const m = /^([+-]?)(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const frac = (m[3] ?? '').padEnd(2, '0');
  const index = ['00', '25', '50', '75'].indexOf(frac);
  if (index < 0) return null;
  const q = Number(m[2]) * 4 + index;
  return m[1] === '-' ? -q : q;
}

/** One line settled on a margin in quarters (above zero wins, zero pushes). */
function onLine(marginQuarters: number): 'win' | 'push' | 'lose' {
  return marginQuarters > 0 ? 'win' : marginQuarters === 0 ? 'push' : 'lose';
}

/**
 * A handicap or total selection's outcome from its margin against the line, in quarters: a
 * whole or half line (even quarters) settles once; a quarter line (odd) settles half the stake
 * on each neighbouring line.
 */
export function lineOutcome(marginQuarters: number): LegOutcome {
  if (marginQuarters % 2 === 0) return onLine(marginQuarters);
  const low = onLine(marginQuarters - 1);
  const high = onLine(marginQuarters + 1);
  if (low === high) return low;
  // The two halves differ by two quarters: (push, win) or (lose, push).
  return high === 'win' ? 'half-win' : 'half-loss';
}

export interface SettleLegInput {
  spec: MarketSpec;
  selection: string;
  /** The market's period score; null when the market is void. */
  score: Score | null;
  /** An in-play handicap bet: the score when it was accepted (its goals do not count). */
  scoreAtBet?: Score | null;
}

/** How one selection settles on a score (throws on a selection the market does not offer). */
export function settleLeg({ spec, selection, score, scoreAtBet }: SettleLegInput): LegOutcome {
  if (!marketSelections(spec).includes(selection))
    throw new Error(`${selection} is not a selection of ${spec.kind}`);
  if (score === null) return 'void';
  const { home, away } = score;
  const total = home + away;
  const won = (yes: boolean): LegOutcome => (yes ? 'win' : 'lose');
  switch (spec.kind) {
    case '1x2':
      return won(selection === (home > away ? 'home' : home < away ? 'away' : 'draw'));
    case 'ml':
      if (home === away) return 'push';
      return won(selection === (home > away ? 'home' : 'away'));
    case 'ah': {
      const line = spec.line!;
      const diff = home - away - ((scoreAtBet?.home ?? 0) - (scoreAtBet?.away ?? 0));
      const homeMargin = 4 * diff + line;
      return lineOutcome(selection === 'home' ? homeMargin : -homeMargin);
    }
    case 'ou': {
      const overMargin = 4 * total - spec.line!;
      return lineOutcome(selection === 'over' ? overMargin : -overMargin);
    }
    case 'btts':
      return won((home > 0 && away > 0) === (selection === 'yes'));
    case 'cs': {
      const key = `${home}-${away}`;
      if (selection === 'other') return won(!(spec.scores ?? []).includes(key));
      return won(selection === key);
    }
    case 'oe':
      return won((total % 2 === 1) === (selection === 'odd'));
  }
}
