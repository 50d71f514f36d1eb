import { describe, expect, it } from 'vitest';
import {
  asianLineText,
  lineOutcome,
  lineText,
  marketProblem,
  marketSelections,
  quartersOf,
  settleLeg,
  type LegOutcome,
  type MarketSpec,
  type Score,
} from './markets';
import { ticketReturn } from './tickets';

const s = (home: number, away: number): Score => ({ home, away });
const leg = (spec: MarketSpec, selection: string, score: Score | null, scoreAtBet?: Score) =>
  settleLeg({ spec, selection, score, scoreAtBet });

describe('lines', () => {
  it('reads and writes lines in quarters', () => {
    expect(quartersOf('-0.75')).toBe(-3);
    expect(quartersOf('+1.25')).toBe(5);
    expect(quartersOf('2.5')).toBe(10);
    expect(quartersOf('0')).toBe(0);
    expect(quartersOf('0.3')).toBeNull();
    expect(quartersOf('abc')).toBeNull();
    expect(lineText(-3)).toBe('-0.75');
    expect(lineText(10)).toBe('+2.5');
    expect(lineText(10, false)).toBe('2.5');
    expect(lineText(0)).toBe('0');
    for (let q = -40; q <= 40; q++) expect(quartersOf(lineText(q))).toBe(q);
    expect(asianLineText(-3)).toBe('-0.5/-1');
    expect(asianLineText(1)).toBe('0/+0.5');
    expect(asianLineText(-5)).toBe('-1/-1.5');
    expect(asianLineText(-4)).toBe('-1');
  });

  it('checks a market’s shape', () => {
    expect(marketProblem({ kind: 'ah', line: -3 })).toBeNull();
    expect(marketProblem({ kind: 'ah' })).toMatch(/line/);
    expect(marketProblem({ kind: 'ou', line: 0 })).toMatch(/above zero/);
    expect(marketProblem({ kind: '1x2', line: 2 })).toMatch(/no line/);
    expect(marketProblem({ kind: 'cs', scores: ['1-0', '1-0'] })).toMatch(/twice/);
    expect(marketProblem({ kind: 'cs', scores: ['1:0'] })).toMatch(/read/);
    expect(marketProblem({ kind: 'cs', scores: [] })).toMatch(/lists/);
    expect(marketProblem({ kind: 'cs', scores: ['1-0', '0-0'] })).toBeNull();
    expect(marketSelections({ kind: 'cs', scores: ['1-0'] })).toEqual(['1-0', 'other']);
  });
});

describe('Asian handicap', () => {
  // GAMES.md §11.2's table, the backed team's line across the margin it wins by.
  const margins = [2, 1, 0, -1, -2] as const;
  const table: Record<string, LegOutcome[]> = {
    '-0.25': ['win', 'win', 'half-loss', 'lose', 'lose'],
    '+0.25': ['win', 'win', 'half-win', 'lose', 'lose'],
    '-0.75': ['win', 'half-win', 'lose', 'lose', 'lose'],
    '+0.75': ['win', 'win', 'win', 'half-loss', 'lose'],
    '-1': ['win', 'push', 'lose', 'lose', 'lose'],
    '-1.25': ['win', 'half-loss', 'lose', 'lose', 'lose'],
    '0': ['win', 'win', 'push', 'lose', 'lose'],
    '-0.5': ['win', 'win', 'lose', 'lose', 'lose'],
    '+1.5': ['win', 'win', 'win', 'win', 'lose'],
  };
  it('settles the documented table, backing home and backing away', () => {
    for (const [text, row] of Object.entries(table)) {
      const line = quartersOf(text)!;
      margins.forEach((m, i) => {
        // Home backed at `line`, winning by m.
        expect(leg({ kind: 'ah', line }, 'home', s(2 + m, 2)), `home ${text} by ${m}`).toBe(row[i]);
        // Away backed at `line` (the market's home line is −line), winning by m.
        expect(leg({ kind: 'ah', line: -line }, 'away', s(3, 3 + m)), `away ${text} by ${m}`).toBe(
          row[i],
        );
      });
    }
  });

  it('a quarter line returns exactly the average of its two halves, every line and margin', () => {
    for (let line = -16; line <= 16; line++) {
      for (let diff = -6; diff <= 6; diff++) {
        for (const side of ['home', 'away']) {
          const score = diff >= 0 ? s(diff, 0) : s(0, -diff);
          const whole = leg({ kind: 'ah', line }, side, score);
          const stake = 1_000n;
          const got = ticketReturn(stake, [{ odds: 1_930, outcome: whole }]);
          if (line % 2 === 0) {
            const margin = (side === 'home' ? 1 : -1) * (4 * diff + line);
            expect(whole).toBe(margin > 0 ? 'win' : margin === 0 ? 'push' : 'lose');
          } else {
            const halves = [line - 1, line + 1].map((l) =>
              ticketReturn(stake / 2n, [
                { odds: 1_930, outcome: leg({ kind: 'ah', line: l }, side, score) },
              ]),
            );
            expect(got, `line ${line} diff ${diff} ${side}`).toBe(halves[0]! + halves[1]!);
          }
          // The two sides of one line never both win or both lose outright.
          const other = leg({ kind: 'ah', line }, side === 'home' ? 'away' : 'home', score);
          const mirror: Record<LegOutcome, LegOutcome> = {
            win: 'lose',
            'half-win': 'half-loss',
            push: 'push',
            'half-loss': 'half-win',
            lose: 'win',
            void: 'void',
          };
          expect(other).toBe(mirror[whole]);
        }
      }
    }
  });

  it('counts only the goals after an in-play bet', () => {
    // Home −0.5 taken at 1-0: a 2-1 final is 1-1 after the bet → lose; 3-1 → win.
    expect(leg({ kind: 'ah', line: -2 }, 'home', s(2, 1), s(1, 0))).toBe('lose');
    expect(leg({ kind: 'ah', line: -2 }, 'home', s(3, 1), s(1, 0))).toBe('win');
    // Away +0.25 taken at 0-1: a 1-1 final is 1-0 after → lose.
    expect(leg({ kind: 'ah', line: -1 }, 'away', s(1, 1), s(0, 1))).toBe('lose');
  });
});

describe('totals', () => {
  it('settles over and under on every kind of line', () => {
    const over = (text: string, goals: number) =>
      leg({ kind: 'ou', line: quartersOf(text)! }, 'over', s(goals, 0));
    const under = (text: string, goals: number) =>
      leg({ kind: 'ou', line: quartersOf(text)! }, 'under', s(0, goals));
    // Over 2.25: 3+ win, exactly 2 half loss, 0–1 lose (GAMES.md §11.2).
    expect([0, 1, 2, 3, 4].map((g) => over('2.25', g))).toEqual([
      'lose',
      'lose',
      'half-loss',
      'win',
      'win',
    ]);
    // Over 2.75: 4+ win, exactly 3 half win, ≤ 2 lose.
    expect([2, 3, 4].map((g) => over('2.75', g))).toEqual(['lose', 'half-win', 'win']);
    expect([1, 2, 3].map((g) => over('2', g))).toEqual(['lose', 'push', 'win']);
    expect([2, 3].map((g) => over('2.5', g))).toEqual(['lose', 'win']);
    // Under mirrors over.
    expect([0, 1, 2, 3, 4].map((g) => under('2.25', g))).toEqual([
      'win',
      'win',
      'half-win',
      'lose',
      'lose',
    ]);
    expect([2, 3, 4].map((g) => under('2.75', g))).toEqual(['win', 'half-loss', 'lose']);
    expect([1, 2, 3].map((g) => under('2', g))).toEqual(['win', 'push', 'lose']);
    // Basketball-size totals.
    expect(over('201.5', 202)).toBe('win');
    expect(under('201.5', 202)).toBe('lose');
  });
});

describe('every market against every kind of result', () => {
  const scores = [s(0, 0), s(1, 0), s(0, 1), s(1, 1), s(2, 1), s(1, 3), s(4, 4)];
  it('1x2, money line, both teams to score, correct score, odd/even', () => {
    const expected: Record<string, (sc: Score) => Record<string, LegOutcome>> = {
      '1x2': ({ home, away }) => ({
        home: home > away ? 'win' : 'lose',
        draw: home === away ? 'win' : 'lose',
        away: away > home ? 'win' : 'lose',
      }),
      ml: ({ home, away }) =>
        home === away
          ? { home: 'push', away: 'push' }
          : { home: home > away ? 'win' : 'lose', away: away > home ? 'win' : 'lose' },
      btts: ({ home, away }) =>
        home > 0 && away > 0 ? { yes: 'win', no: 'lose' } : { yes: 'lose', no: 'win' },
      oe: ({ home, away }) =>
        (home + away) % 2 ? { odd: 'win', even: 'lose' } : { odd: 'lose', even: 'win' },
    };
    for (const [kind, want] of Object.entries(expected)) {
      const spec = { kind } as MarketSpec;
      for (const sc of scores) {
        const got = Object.fromEntries(
          marketSelections(spec).map((sel) => [sel, leg(spec, sel, sc)]),
        );
        expect(got, `${kind} ${sc.home}-${sc.away}`).toEqual(want(sc));
        // Exactly one winner where the market has no push.
        if (kind !== 'ml' || sc.home !== sc.away)
          expect(Object.values(got).filter((o) => o === 'win')).toHaveLength(1);
      }
    }
    const cs: MarketSpec = { kind: 'cs', scores: ['0-0', '1-0', '0-1', '1-1', '2-1'] };
    for (const sc of scores) {
      const key = `${sc.home}-${sc.away}`;
      const winners = marketSelections(cs).filter((sel) => leg(cs, sel, sc) === 'win');
      expect(winners).toEqual([cs.scores!.includes(key) ? key : 'other']);
    }
  });

  it('a void market settles every selection void; an unknown selection throws', () => {
    for (const spec of [
      { kind: '1x2' },
      { kind: 'ml' },
      { kind: 'ah', line: -3 },
      { kind: 'ou', line: 9 },
      { kind: 'btts' },
      { kind: 'cs', scores: ['1-0'] },
      { kind: 'oe' },
    ] as MarketSpec[]) {
      for (const sel of marketSelections(spec)) expect(leg(spec, sel, null)).toBe('void');
      expect(() => leg(spec, 'nobody', s(1, 0))).toThrow();
    }
  });

  it('line outcomes from a margin in quarters', () => {
    expect([-3, -2, -1, 0, 1, 2, 3].map(lineOutcome)).toEqual([
      'lose',
      'lose',
      'half-loss',
      'push',
      'half-win',
      'win',
      'win',
    ]);
  });
});
