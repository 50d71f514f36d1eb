import { asianLineText, lineText } from '@taya/games';
import type { Fixture, SportCode, SportsMarket } from '@taya/contracts';

/** Words a selection may read as (`sports.sel.*`); teams are named by the fixture instead. */
export type SelectionWord = 'draw' | 'over' | 'under' | 'yes' | 'no' | 'odd' | 'even' | 'other';

/**
 * What a selection says, without the language: a team (1/X/2, money line, handicap), a word
 * (Draw, Over, Yes, Odd, Other), or a correct score ("2-1"); and a line when it has one.
 */
export interface SelectionLabel {
  team: 'home' | 'away' | null;
  word: SelectionWord | null;
  /** A correct score as written ("2-1"). */
  score: string | null;
  /** The handicap (per side, the away side negated) or the total. */
  line: string | null;
}

const none: SelectionLabel = { team: null, word: null, score: null, line: null };

/** A selection of a market as the slip, the cards and the match page label it. */
export function selectionLabel(
  market: Pick<SportsMarket, 'kind' | 'line'>,
  selection: string,
): SelectionLabel {
  const line = market.line;
  switch (market.kind) {
    case '1x2':
      if (selection === 'draw') return { ...none, word: 'draw' };
      return { ...none, team: selection === 'away' ? 'away' : 'home' };
    case 'ml':
      return { ...none, team: selection === 'away' ? 'away' : 'home' };
    case 'ah': {
      const team = selection === 'away' ? 'away' : 'home';
      const quarters = line ?? 0;
      return { ...none, team, line: asianLineText(team === 'away' ? -quarters : quarters) };
    }
    case 'ou':
      return {
        ...none,
        word: selection === 'under' ? 'under' : 'over',
        line: line === null ? null : lineText(line, false),
      };
    case 'btts':
      return { ...none, word: selection === 'no' ? 'no' : 'yes' };
    case 'oe':
      return { ...none, word: selection === 'even' ? 'even' : 'odd' };
    case 'cs':
      return selection === 'other' ? { ...none, word: 'other' } : { ...none, score: selection };
  }
}

/** The short column heads of the cards' 1X2 grid ("1", "X", "2"). */
export function shortPick(selection: string): string {
  return selection === 'home' ? '1' : selection === 'away' ? '2' : selection === 'draw' ? 'X' : '';
}

/** The period the fixture's headline score is read on (football's regular time, totals, maps). */
export function mainPeriodOf(sport: SportCode): 'ft' | 'ot' | 'maps' {
  return sport === 'football'
    ? 'ft'
    : sport === 'basketball' || sport === 'volleyball'
      ? 'ot'
      : 'maps';
}

/** The fixture's headline score, or null before kick-off. */
export function headlineScore(fixture: Pick<Fixture, 'sport' | 'scores'>) {
  return fixture.scores[mainPeriodOf(fixture.sport)] ?? null;
}

/** Up to two letters for a team's crest ("Manila Kings" → "MK", "Falcons" → "FA"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (words[0]![0]! + words[words.length - 1]![0]!).toUpperCase();
}

/** A steady colour for a team's crest, from its name. */
export function crestHue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/** Markets grouped by period in the match page's order (full time first), each kind together. */
export function marketsByPeriod(markets: readonly SportsMarket[]) {
  const periodOrder = ['ft', 'ot', 'maps', 'h1'] as const;
  const kindOrder = ['1x2', 'ml', 'ah', 'ou', 'btts', 'oe', 'cs'];
  const byKind = (a: SportsMarket, b: SportsMarket) =>
    kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || (a.line ?? 0) - (b.line ?? 0);
  return periodOrder
    .map((period) => ({
      period,
      markets: markets.filter((m) => m.period === period).sort(byKind),
    }))
    .filter((g) => g.markets.length > 0);
}
