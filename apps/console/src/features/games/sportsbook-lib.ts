import {
  asianLineText,
  decimalOddsText,
  lineText,
  marketSelections,
  oddsOf,
  quartersOf,
  type SportsMarketKind,
  type SportsPeriod,
} from '@taya/games';
import type { SportCode, SportsMarket } from '@taya/contracts';

/**
 * The sportsbook trading page's pure helpers: a sport's periods, a market's label, price drafts,
 * and the bodies of `POST …/markets` and `POST …/result` built from what the trader typed.
 */

export type Period = SportsPeriod;
export type MarketKind = SportsMarketKind;

/** The scores a sport's result is entered by: the main period first (its main markets read it). */
export function periodsOf(sport: SportCode): Period[] {
  if (sport === 'football') return ['ft', 'h1'];
  if (sport === 'basketball' || sport === 'volleyball') return ['ot', 'h1'];
  return ['maps'];
}

/** A handicap as "-0.75 (-0.5/-1)", a total as "2.5"; '' for markets without a line. */
export function marketLineText(market: Pick<SportsMarket, 'kind' | 'line'>): string {
  if (market.line === null) return '';
  if (market.kind === 'ou') return lineText(market.line, false);
  const text = lineText(market.line);
  return market.line % 2 === 0 ? text : `${text} (${asianLineText(market.line)})`;
}

/** Decimal text as the contract takes it ("1.86", "2.375": up to 3 decimals, 1.01 to 1000). */
export function oddsTextValid(text: string): boolean {
  const value = text.trim();
  return /^\d{1,4}(\.\d{1,3})?$/.test(value) && oddsOf(value) !== null;
}

/** A market's prices as the inputs show them, by selection. */
export const oddsDraftOf = (market: Pick<SportsMarket, 'selections'>): Record<string, string> =>
  Object.fromEntries(market.selections.map((s) => [s.key, decimalOddsText(s.odds)]));

/** Whether the typed prices differ from the market's (compared as thousandths). */
export function pricesChanged(
  market: Pick<SportsMarket, 'selections'>,
  draft: Record<string, string>,
): boolean {
  return market.selections.some((s) => oddsOf((draft[s.key] ?? '').trim()) !== s.odds);
}

/** The correct-score scores typed as "1-0, 2-1 2-2": each one, in order, without blanks. */
export const csScoresOf = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The selections a market of this kind offers (the listed scores and `other` for `cs`). */
export const selectionsOf = (kind: MarketKind, scoresText: string): string[] =>
  marketSelections(kind === 'cs' ? { kind, scores: csScoresOf(scoresText) } : { kind });

export const kindTakesLine = (kind: MarketKind) => kind === 'ah' || kind === 'ou';

export interface MarketFormValues {
  kind: MarketKind;
  period: Period;
  line: string;
  scores: string;
  odds: Record<string, string>;
  main: boolean;
}

/** What is wrong with a market form, as (path, catalogue key) pairs; empty when it can be sent. */
export function marketFormProblems(
  values: MarketFormValues,
): { path: (string | number)[]; problem: 'line' | 'total' | 'scores' | 'odds' }[] {
  const out: { path: (string | number)[]; problem: 'line' | 'total' | 'scores' | 'odds' }[] = [];
  if (kindTakesLine(values.kind)) {
    const q = quartersOf(values.line);
    if (q === null) out.push({ path: ['line'], problem: 'line' });
    else if (values.kind === 'ou' && q <= 0) out.push({ path: ['line'], problem: 'total' });
  }
  if (values.kind === 'cs') {
    const scores = csScoresOf(values.scores);
    if (
      scores.length === 0 ||
      new Set(scores).size !== scores.length ||
      !scores.every((s) => /^\d{1,3}-\d{1,3}$/.test(s))
    )
      out.push({ path: ['scores'], problem: 'scores' });
  }
  for (const sel of selectionsOf(values.kind, values.scores)) {
    if (!oddsTextValid(values.odds[sel] ?? '')) out.push({ path: ['odds', sel], problem: 'odds' });
  }
  return out;
}

/** `POST /ops/sportsbook/fixtures/:fixture/markets`: only the kind's selections, line and scores. */
export function marketBodyOf(values: MarketFormValues) {
  const selections = selectionsOf(values.kind, values.scores);
  return {
    kind: values.kind,
    period: values.period,
    ...(kindTakesLine(values.kind) ? { line: values.line.trim() } : {}),
    ...(values.kind === 'cs' ? { scores: csScoresOf(values.scores) } : {}),
    odds: Object.fromEntries(selections.map((sel) => [sel, (values.odds[sel] ?? '').trim()])),
    main: values.main,
  };
}

export type ScoreDraft = Partial<Record<Period, { home: string; away: string }>>;
export type Scores = Partial<Record<Period, { home: number; away: number }>>;

const goals = (text: string): number | null => {
  const value = text.trim();
  return /^\d{1,3}$/.test(value) ? Number(value) : null;
};

/**
 * Scores typed by period as the body takes them: a period left blank on both sides is left out
 * (its markets void on a result); a period half-typed or not a whole number is a problem.
 */
export function scoresOf(
  periods: readonly Period[],
  draft: ScoreDraft,
): { scores: Scores; problems: Period[] } {
  const scores: Scores = {};
  const problems: Period[] = [];
  for (const period of periods) {
    const home = draft[period]?.home ?? '';
    const away = draft[period]?.away ?? '';
    if (home.trim() === '' && away.trim() === '') continue;
    const h = goals(home);
    const a = goals(away);
    if (h === null || a === null) problems.push(period);
    else scores[period] = { home: h, away: a };
  }
  return { scores, problems };
}

/** A fixture's scores as the inputs show them. */
export function scoreDraftOf(
  periods: readonly Period[],
  scores: Record<string, { home: number; away: number }>,
): ScoreDraft {
  return Object.fromEntries(
    periods.map((p) => [
      p,
      {
        home: scores[p] ? String(scores[p].home) : '',
        away: scores[p] ? String(scores[p].away) : '',
      },
    ]),
  );
}

/** The number of decimals of an amount string ("12.50" → 2), for `<Money scale>`. */
export const scaleOf = (amount: string) => amount.split('.')[1]?.length ?? 0;
