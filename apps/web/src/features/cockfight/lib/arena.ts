import type { ArenaState, CockfightEvent } from '@taya/contracts';

/**
 * An arena's state after a feed event: a fight event replaces the fight (a new fight starts with
 * an empty board; a settled one joins the results), a board event for this merchant's pool of the
 * fight on show replaces the board.
 */
export function applyCockfightEvent(
  state: ArenaState,
  event: CockfightEvent,
  merchantCode: string | undefined,
): ArenaState {
  if (event.type === 'arena' && event.arena.code === state.code)
    return { ...state, ...event.arena };
  if (event.type === 'board') {
    if (event.arena !== state.code || event.fight !== state.fight?.number) return state;
    if (merchantCode && event.merchantCode !== merchantCode) return state;
    return { ...state, board: event.board };
  }
  if (event.type !== 'fight' || event.arena !== state.code) return state;
  const fight = event.fight;
  const board = (merchantCode && event.boards[merchantCode]) || null;
  const sameFight = state.fight?.number === fight.number;
  const empty = state.board && {
    ...state.board,
    meron: zero(state.board.meron),
    wala: zero(state.board.wala),
    draw: zero(state.board.draw),
    bets: 0,
    meronOdds: null,
    walaOdds: null,
  };
  const results =
    fight.status === 'settled' &&
    fight.result &&
    !state.results.some((r) => r.number === fight.number)
      ? [
          ...state.results,
          {
            number: fight.number,
            result: fight.result,
            meronOdds: board?.meronOdds ?? (sameFight ? (state.board?.meronOdds ?? null) : null),
            walaOdds: board?.walaOdds ?? (sameFight ? (state.board?.walaOdds ?? null) : null),
            settledAt: fight.settledAt ?? new Date().toISOString(),
          },
        ]
      : state.results;
  return {
    ...state,
    fight,
    board: board ?? (sameFight ? state.board : empty),
    results,
  };
}

/** Zero with as many decimals as `amount` has ("1,250.50" → "0.00"). */
const zero = (amount: string) => {
  const decimals = amount.split('.')[1]?.length ?? 0;
  return decimals ? `0.${'0'.repeat(decimals)}` : '0';
};

/** Counts of each result on the board. */
export function resultCounts(results: ArenaState['results']) {
  const counts = { meron: 0, wala: 0, draw: 0, cancelled: 0 };
  for (const r of results) counts[r.result] += 1;
  return counts;
}

/**
 * The results as a bead grid read down then across, six rows a column (the trend board sabong
 * players read), oldest first.
 */
export function beadColumns<T>(results: readonly T[], rows = 6): T[][] {
  const columns: T[][] = [];
  results.forEach((r, i) => {
    if (i % rows === 0) columns.push([]);
    columns.at(-1)!.push(r);
  });
  return columns;
}
