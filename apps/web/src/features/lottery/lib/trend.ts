import type { LotteryIssue, LotteryResultWire } from '@taya/contracts';

/**
 * Hot and cold numbers over recent draws: how often each number came up, counted from the
 * results themselves. What counts as "a number" follows the game's main bet: a digit 0–9 for
 * the fast e-lottery (every position), 4D and Thai (every digit drawn), and the last two digits
 * (lô) of every Vietnamese prize.
 */
export interface TrendCount {
  number: string;
  count: number;
}

export interface Trend {
  /** How many drawn issues were counted. */
  draws: number;
  /** Every number with its count, most frequent first (ties by number). */
  counts: TrendCount[];
  hot: TrendCount[];
  cold: TrendCount[];
}

function tokensOf(result: LotteryResultWire): string[] {
  switch (result.kind) {
    case 'ELOTT':
      return result.digits.map(String);
    case 'VN':
      return Object.values(result.prizes).flatMap((numbers) =>
        (numbers ?? []).map((n) => n.slice(-2)),
      );
    case 'SEA_4D':
      return [
        result.first,
        result.second,
        result.third,
        ...result.starters,
        ...result.consolations,
      ].flatMap((n) => [...n]);
    case 'THAI':
      return [...result.first, ...result.bottom2];
    case 'cancelled':
      return [];
  }
}

/** The numbers a result family counts: 0–9, or 00–99 for the Vietnamese lô. */
function universe(kind: LotteryResultWire['kind']): string[] {
  const size = kind === 'VN' ? 100 : 10;
  return Array.from({ length: size }, (_, i) => String(i).padStart(kind === 'VN' ? 2 : 1, '0'));
}

export function trendOf(issues: readonly LotteryIssue[], size = 5): Trend | null {
  const drawn = issues.filter((issue) => issue.result && issue.result.kind !== 'cancelled');
  const first = drawn[0]?.result;
  if (!first) return null;
  const counts = new Map(universe(first.kind).map((n) => [n, 0]));
  for (const issue of drawn) {
    for (const token of tokensOf(issue.result!)) {
      if (counts.has(token)) counts.set(token, counts.get(token)! + 1);
    }
  }
  const sorted = [...counts]
    .map(([number, count]) => ({ number, count }))
    .sort((a, b) => b.count - a.count || a.number.localeCompare(b.number));
  const cold = [...sorted].sort((a, b) => a.count - b.count || a.number.localeCompare(b.number));
  return {
    draws: drawn.length,
    counts: sorted,
    hot: sorted.slice(0, size),
    cold: cold.slice(0, size),
  };
}
