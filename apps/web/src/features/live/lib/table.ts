import type { LiveEvent, LiveRound, LiveTablePublic } from '@taya/contracts';

/**
 * A table's public state with one feed event applied (events of other tables change nothing):
 * a new phase, a result added to the shoe's results (a new shoe starts them afresh), a whole
 * table (a new shoe, a pause).
 */
export function applyLiveEvent<T extends LiveTablePublic>(table: T, event: LiveEvent): T {
  switch (event.type) {
    case 'state': {
      const next = event.tables.find((x) => x.code === table.code);
      return next ? { ...table, ...next } : table;
    }
    case 'table':
      return event.table.code === table.code ? { ...table, ...event.table } : table;
    case 'phase': {
      if (event.table !== table.code) return table;
      const { type: _type, table: _code, ...live } = event;
      void _type;
      void _code;
      return { ...table, live };
    }
    case 'result': {
      if (event.table !== table.code) return table;
      const sameShoe = !event.shoe || !table.shoe || event.shoe.shoe === table.shoe.shoe;
      const kept = sameShoe ? table.results.filter((r) => r.round !== event.result.round) : [];
      const results = [...kept, event.result];
      return {
        ...table,
        live: event.live,
        results: event.shoe ? results : results.slice(-100),
        shoe: event.shoe ?? table.shoe,
      };
    }
    default:
      return table;
  }
}

export type ShownPhase = LiveRound['phase'];

/**
 * The phase to show at `serverNow` (ms on the server's clock): the feed says when betting ends
 * and the deal is over, so a page moves on by itself between events.
 */
export function shownPhase(live: LiveRound, serverNow: number): ShownPhase {
  if (live.phase === 'betting') return 'betting';
  const dealingEnds = live.dealingEndsAt ? Date.parse(live.dealingEndsAt) : null;
  if (live.result && dealingEnds !== null && serverNow < dealingEnds) return 'dealing';
  return live.phase === 'dealing' ? 'result' : live.phase;
}

/** Whole seconds of betting left (0 once closed). */
export function secondsLeft(live: LiveRound, serverNow: number): number {
  if (live.phase !== 'betting' || !live.bettingEndsAt) return 0;
  return Math.max(0, Math.ceil((Date.parse(live.bettingEndsAt) - serverNow) / 1000));
}
