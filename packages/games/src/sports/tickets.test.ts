import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LegOutcome } from './markets';
import { formatOdds, parseOdds, decimalOddsText, MAX_ODDS, MIN_ODDS } from './odds';
import {
  cashoutOffer,
  combinedOdds,
  legFactor,
  potentialReturn,
  ticketReturn,
  ticketStatus,
} from './tickets';

const OUTCOMES: LegOutcome[] = ['win', 'half-win', 'push', 'half-loss', 'lose', 'void'];

describe('returns', () => {
  it('a single on each outcome (stake 100.00 at 1.86)', () => {
    const r = (o: LegOutcome) => ticketReturn(100_00n, [{ odds: 1_860, outcome: o }]);
    expect(r('win')).toBe(186_00n);
    expect(r('half-win')).toBe(143_00n); // 50 × 1.86 + 50
    expect(r('push')).toBe(100_00n);
    expect(r('void')).toBe(100_00n);
    expect(r('half-loss')).toBe(50_00n);
    expect(r('lose')).toBe(0n);
  });

  it('SBOBET’s mix-parlay examples: 1.86 × 1.96 × 1.90 × 2.36 on 100', () => {
    const odds = [1_860, 1_960, 1_900, 2_360];
    const win = odds.map((o) => ({ odds: o, outcome: 'win' as const }));
    // 100 × 16.3468704 = 1634.687…: SBOBET shows the profit rounded (1534.69); Taya rounds the
    // return down to the cent.
    expect(ticketReturn(100_00n, win)).toBe(1634_68n);
    // Leg A half won: factor 1.43; half lost: 0.5.
    expect(legFactor(1_860, 'half-win')).toEqual({ num: 2_860n, den: 2_000n });
    expect(ticketReturn(100_00n, [{ odds: 1_860, outcome: 'half-win' }, ...win.slice(1)])).toBe(
      (100_00n * 1_430n * 1_960n * 1_900n * 2_360n) / 10n ** 12n,
    );
    expect(ticketReturn(100_00n, [{ odds: 1_860, outcome: 'half-loss' }, ...win.slice(1)])).toBe(
      (100_00n * 1_960n * 1_900n * 2_360n) / (2n * 10n ** 9n),
    );
    expect(combinedOdds(odds)).toBe(16_346);
  });

  it('a void or pushed leg drops out of a parlay: the rest stand, down to a single', () => {
    const legs = [
      { odds: 1_900, outcome: 'win' as const },
      { odds: 2_100, outcome: 'void' as const },
      { odds: 1_750, outcome: 'win' as const },
    ];
    expect(ticketReturn(10_00n, legs)).toBe(ticketReturn(10_00n, [legs[0]!, legs[2]!]));
    expect(ticketStatus(10_00n, legs)).toEqual({ status: 'won', payout: 33_25n });
    const toSingle = [legs[0]!, { odds: 2_100, outcome: 'push' as const }];
    expect(ticketStatus(10_00n, toSingle)).toEqual({ status: 'won', payout: 19_00n });
    expect(
      ticketStatus(10_00n, [
        { odds: 1_900, outcome: 'void' },
        { odds: 2_000, outcome: 'void' },
      ]),
    ).toEqual({
      status: 'void',
      payout: 10_00n,
    });
  });

  it('a ticket stays open until its legs settle, and a lost leg settles it at once', () => {
    expect(
      ticketStatus(5_00n, [
        { odds: 2_000, outcome: 'win' },
        { odds: 2_000, outcome: null },
      ]),
    ).toEqual({
      status: 'open',
      payout: null,
    });
    expect(
      ticketStatus(5_00n, [
        { odds: 2_000, outcome: 'lose' },
        { odds: 2_000, outcome: null },
      ]),
    ).toEqual({
      status: 'lost',
      payout: 0n,
    });
    expect(
      potentialReturn(5_00n, [
        { odds: 2_000, outcome: 'win' },
        { odds: 1_500, outcome: null },
      ]),
    ).toBe(15_00n);
    const single = (o: LegOutcome) => ticketStatus(10_00n, [{ odds: 1_950, outcome: o }]).status;
    expect(OUTCOMES.map(single)).toEqual(['won', 'half-won', 'push', 'half-lost', 'lost', 'void']);
  });

  it('properties: exact rounding down, voids drop out, never more than every leg winning', () => {
    const legArb = fc.record({
      odds: fc.integer({ min: MIN_ODDS, max: 50_000 }),
      outcome: fc.constantFrom(...OUTCOMES),
    });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.array(legArb, { minLength: 1, maxLength: 10 }),
        (stake, legs) => {
          const got = ticketReturn(stake, legs);
          // Exact: the rational return lies in [got, got + 1).
          let num = stake;
          let den = 1n;
          for (const l of legs) {
            const f = legFactor(l.odds, l.outcome);
            num *= f.num;
            den *= f.den;
          }
          expect(got * den <= num && num < (got + 1n) * den).toBe(true);
          // Dropping a void or push leg changes nothing.
          const kept = legs.filter((l) => l.outcome !== 'void' && l.outcome !== 'push');
          expect(ticketReturn(stake, kept)).toBe(got);
          // Never more than all winning.
          expect(
            got <=
              potentialReturn(
                stake,
                legs.map((l) => ({ odds: l.odds, outcome: null })),
              ),
          ).toBe(true);
          // Any loss returns nothing.
          if (legs.some((l) => l.outcome === 'lose')) expect(got).toBe(0n);
        },
      ),
    );
  });

  it('a cash-out offer: the fair price of what is left, less 5 %', () => {
    // 100 at 2.00, odds now 1.50: 100 × 2.00/1.50 × 0.95 = 126.66.
    expect(cashoutOffer(100_00n, [{ odds: 2_000, outcome: null, oddsNow: 1_500 }])).toBe(126_66n);
    // A parlay with one leg won at 1.80 and one open (2.00 → 2.50).
    expect(
      cashoutOffer(100_00n, [
        { odds: 1_800, outcome: 'win', oddsNow: null },
        { odds: 2_000, outcome: null, oddsNow: 2_500 },
      ]),
    ).toBe(136_80n);
    expect(cashoutOffer(100_00n, [{ odds: 2_000, outcome: null, oddsNow: null }])).toBeNull();
    expect(cashoutOffer(100_00n, [{ odds: 2_000, outcome: 'lose', oddsNow: null }])).toBeNull();
  });
});

describe('odds formats', () => {
  it('GAMES.md §11.3’s examples: 1.80 and 2.50', () => {
    expect(
      ['decimal', 'hk', 'malay', 'indo', 'american'].map((f) => formatOdds(1_800, f as never)),
    ).toEqual(['1.80', '0.80', '0.80', '-1.25', '-125']);
    expect(
      ['decimal', 'hk', 'malay', 'indo', 'american'].map((f) => formatOdds(2_500, f as never)),
    ).toEqual(['2.50', '1.50', '-0.67', '1.50', '+150']);
    expect(formatOdds(2_000, 'malay')).toBe('1.00');
    expect(formatOdds(2_000, 'indo')).toBe('1.00');
    expect(decimalOddsText(2_375)).toBe('2.375');
    expect(decimalOddsText(11_000)).toBe('11.00');
  });

  it('reads a price typed in any format back to decimal', () => {
    expect(parseOdds('1.86', 'decimal')).toBe(1_860);
    expect(parseOdds('0.80', 'hk')).toBe(1_800);
    expect(parseOdds('-0.70', 'malay')).toBe(2_429); // 1 + 1/0.7
    expect(parseOdds('0.95', 'malay')).toBe(1_950);
    expect(parseOdds('1.2', 'malay')).toBeNull(); // |M| ≤ 1
    expect(parseOdds('-1.25', 'indo')).toBe(1_800);
    expect(parseOdds('0.5', 'indo')).toBeNull(); // |I| ≥ 1
    expect(parseOdds('-125', 'american')).toBe(1_800);
    expect(parseOdds('+150', 'american')).toBe(2_500);
    expect(parseOdds('50', 'american')).toBeNull();
    expect(parseOdds('1.001', 'decimal')).toBeNull(); // below the smallest price
    expect(parseOdds('-2', 'decimal')).toBeNull();
    expect(parseOdds('x', 'hk')).toBeNull();
  });

  it('a shown price read back shows the same, in every format', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_ODDS, max: 100_000 }), (milli) => {
        for (const f of ['decimal', 'hk', 'malay', 'indo', 'american'] as const) {
          const shown = formatOdds(milli, f);
          const back = parseOdds(shown, f);
          // A price shown as a rounded figure off the scale (Malay −0.00) cannot be typed back.
          if (back === null) continue;
          expect(formatOdds(back, f), `${milli} ${f} ${shown}`).toBe(shown);
        }
        expect(parseOdds(formatOdds(milli, 'hk'), 'hk')).toBe(Math.round(milli / 10) * 10);
      }),
    );
    expect(parseOdds(formatOdds(MAX_ODDS, 'decimal'), 'decimal')).toBe(MAX_ODDS);
  });
});
