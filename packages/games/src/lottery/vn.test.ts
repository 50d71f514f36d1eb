import { describe, expect, it } from 'vitest';
import { VN_NORTH as north, VN_SOUTH as south } from './games';
import { LotteryRuleError, settleBet, validateBet, validateResult } from './rules';
import { loNumbers, VN_NORTH_LAYOUT, VN_PAYS, VN_SOUTH_LAYOUT } from './vn';
import type { Bet, Ratio, VnResult } from './types';

const bet = (type: string, selection: string[], unitStake = 1000n, units = 1): Bet => ({
  type,
  selection,
  unitStake,
  units,
});

/**
 * A northern result: 45 ends the special, the first and a third prize (3 hits); 07 ends two
 * third prizes and a seventh (3 hits, two of them in one tier); 56 ends a fourth and a sixth.
 * The special 12345 contains 23 and 34 inside, which do not count.
 */
const northResult: VnResult = {
  kind: 'VN',
  prizes: {
    special: ['12345'],
    first: ['67845'],
    second: ['11111', '22222'],
    third: ['30545', '40146', '50907', '60807', '70909', '81010'],
    fourth: ['1234', '5678', '9012', '3456'],
    fifth: ['0001', '0002', '0003', '0004', '0005', '0006'],
    sixth: ['123', '456', '789'],
    seventh: ['07', '88', '99', '00'],
  },
};

const southResult: VnResult = {
  kind: 'VN',
  prizes: {
    special: ['987654'],
    first: ['11154'],
    second: ['22222'],
    third: ['33333', '44454'],
    fourth: ['00001', '00002', '00003', '00004', '00005', '00006', '00007'],
    fifth: ['5554'],
    sixth: ['6666', '7777', '8888'],
    seventh: ['999'],
    eighth: ['54'],
  },
};

describe('Vietnamese draw layouts', () => {
  it('has 27 northern and 18 central/southern prize numbers', () => {
    expect(VN_NORTH_LAYOUT.reduce((n, t) => n + t.count, 0)).toBe(27);
    expect(VN_SOUTH_LAYOUT.reduce((n, t) => n + t.count, 0)).toBe(18);
    expect(loNumbers(northResult)).toHaveLength(27);
    expect(loNumbers(southResult)).toHaveLength(18);
    expect(validateResult(north, northResult)).toEqual([]);
    expect(validateResult(south, southResult)).toEqual([]);
  });

  it('refuses a malformed result', () => {
    const short = { ...northResult, prizes: { ...northResult.prizes, third: ['30545'] } };
    expect(validateResult(north, short).map((p) => p.code)).toEqual(['BAD_RESULT']);
    expect(validateResult(south, northResult).length).toBeGreaterThan(0);
    expect(validateResult(north, southResult).length).toBeGreaterThan(0);
    expect(validateResult(north, { kind: 'ELOTT', digits: [1, 2, 3, 4, 5] })[0]?.code).toBe(
      'BAD_RESULT',
    );
    expect(() => settleBet(north, bet('DE', ['45']), short)).toThrow(LotteryRuleError);
  });
});

describe('lô 2 số counts a number once per prize number it ends', () => {
  it('pays 80 per hit on a point of 23 in the north', () => {
    // 45 on the special, the first and one third prize: 3 hits × 80,000 for a 23,000 point.
    expect(settleBet(north, bet('LO2', ['45'], 23000n), northResult)).toEqual({
      outcome: 'win',
      payout: 240000n,
      hits: [{ prize: 'hit', count: 3 }],
    });
    // 07 ends two third prizes and a seventh prize: each counts.
    expect(settleBet(north, bet('LO2', ['07'], 2300n, 10), northResult).payout).toBe(240000n);
    expect(settleBet(north, bet('LO2', ['56'], 23000n), northResult).payout).toBe(160000n);
    // 34 counts once (the fourth prize 1234), not for the 34 inside the special 12345.
    expect(settleBet(north, bet('LO2', ['34'], 23000n), northResult).payout).toBe(80000n);
    expect(settleBet(north, bet('LO2', ['23'], 23000n), northResult).payout).toBe(80000n);
    expect(settleBet(north, bet('LO2', ['13'], 23000n), northResult).outcome).toBe('lose');
    // A stake that is not a whole number of points rounds down: 1,000 × 80/23 = 3,478.26.
    expect(settleBet(north, bet('LO2', ['34'], 1000n), northResult).payout).toBe(3478n);
  });

  it('pays 94 per hit on a point of 18 in the centre and south', () => {
    // 54 ends the special, the first, a third, the fifth and the eighth prize: 5 hits.
    expect(settleBet(south, bet('LO2', ['54'], 18000n), southResult)).toEqual({
      outcome: 'win',
      payout: 470000n,
      hits: [{ prize: 'hit', count: 5 }],
    });
    expect(settleBet(south, bet('LO2', ['99'], 18000n), southResult).payout).toBe(94000n);
  });
});

describe('đề, 3 càng, đầu/đuôi and xiên', () => {
  const pay = (b: Bet, r = northResult) => settleBet(north, b, r).payout;
  it('đề and đề đầu pay 95, 3 càng 950, đầu and đuôi 9.5', () => {
    expect(pay(bet('DE', ['45']))).toBe(95000n);
    expect(pay(bet('DE', ['44']))).toBe(0n);
    expect(pay(bet('DE_DAU', ['12']))).toBe(95000n);
    expect(pay(bet('DE_DAU', ['45']))).toBe(0n);
    expect(pay(bet('CANG3', ['345']))).toBe(950000n);
    expect(pay(bet('CANG3', ['845']))).toBe(0n);
    expect(pay(bet('DAU', ['4']))).toBe(9500n);
    expect(pay(bet('DAU', ['5']))).toBe(0n);
    expect(pay(bet('DUOI', ['5']))).toBe(9500n);
    // The six-digit southern special.
    expect(settleBet(south, bet('DE', ['54']), southResult).payout).toBe(95000n);
    expect(settleBet(south, bet('DE_DAU', ['98']), southResult).payout).toBe(95000n);
    expect(settleBet(south, bet('CANG3', ['654']), southResult).payout).toBe(950000n);
  });

  it('xiên pays once when every chosen number is a lô number', () => {
    expect(pay(bet('XIEN2', ['45', '07']))).toBe(17000n);
    expect(pay(bet('XIEN3', ['45', '07', '56']))).toBe(75000n);
    expect(pay(bet('XIEN4', ['45', '07', '56', '99']))).toBe(350000n);
    expect(pay(bet('XIEN4', ['45', '07', '56', '13']))).toBe(0n);
    expect(pay(bet('XIEN2', ['13', '45']))).toBe(0n);
    expect(settleBet(south, bet('XIEN2', ['54', '99']), southResult).payout).toBe(36000n);
    expect(settleBet(south, bet('XIEN3', ['54', '99', '22']), southResult).payout).toBe(240000n);
  });

  it('refuses malformed bets', () => {
    const codes = (b: Bet) => validateBet(north, b).map((p) => p.code);
    expect(codes(bet('LO2', ['45']))).toEqual([]);
    expect(codes(bet('LO2', ['7']))).toEqual(['BAD_SELECTION']);
    expect(codes(bet('LO2', ['45', '46']))).toEqual(['BAD_SELECTION']);
    expect(codes(bet('CANG3', ['45']))).toEqual(['BAD_SELECTION']);
    expect(codes(bet('DAU', ['45']))).toEqual(['BAD_SELECTION']);
    expect(codes(bet('XIEN2', ['45', '45']))).toEqual(['DUPLICATE_NUMBERS']);
    expect(codes(bet('XIEN3', ['45', '46']))).toEqual(['BAD_SELECTION']);
    expect(codes(bet('XIEN5', ['1', '2']))).toEqual(['UNKNOWN_BET_TYPE']);
  });
});

/** Σ_j (−1)^j C(k, j) (100 − j)^N / 100^N: the chance that k given numbers all appear. */
function allAppear(k: number, n: number): Ratio {
  let num = 0n;
  let c = 1n;
  for (let j = 0; j <= k; j++) {
    num += (j % 2 === 0 ? 1n : -1n) * c * BigInt(100 - j) ** BigInt(n);
    c = (c * BigInt(k - j)) / BigInt(j + 1);
  }
  return { num, den: 100n ** BigInt(n) };
}

const times = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.num, den: a.den * b.den });
const percent = (r: Ratio) => Number((r.num * 1_000_000n) / r.den) / 10_000;

describe('Vietnamese return to player (exact, every digit uniform)', () => {
  for (const [region, n] of [
    ['north', 27],
    ['south', 18],
  ] as const) {
    it(`stays below 100 % for every bet type (${region})`, () => {
      const pays = VN_PAYS[region];
      const rtp = {
        LO2: times({ num: BigInt(n), den: 100n }, pays.LO2.hit!),
        DE: times({ num: 1n, den: 100n }, pays.DE.win!),
        DE_DAU: times({ num: 1n, den: 100n }, pays.DE_DAU.win!),
        CANG3: times({ num: 1n, den: 1000n }, pays.CANG3.win!),
        XIEN2: times(allAppear(2, n), pays.XIEN2.win!),
        XIEN3: times(allAppear(3, n), pays.XIEN3.win!),
        XIEN4: times(allAppear(4, n), pays.XIEN4.win!),
        DAU: times({ num: 1n, den: 10n }, pays.DAU.win!),
        DUOI: times({ num: 1n, den: 10n }, pays.DUOI.win!),
      };
      for (const r of Object.values(rtp)) expect(r.num < r.den).toBe(true);
      const shown = Object.fromEntries(Object.entries(rtp).map(([k, r]) => [k, percent(r)]));
      expect(shown).toEqual(
        region === 'north'
          ? {
              LO2: 93.913,
              DE: 95,
              DE_DAU: 95,
              CANG3: 95,
              XIEN2: 93.2995,
              XIEN3: 92.2345,
              XIEN4: 93.447,
              DAU: 95,
              DUOI: 95,
            }
          : {
              LO2: 94,
              DE: 95,
              DE_DAU: 95,
              CANG3: 95,
              XIEN2: 93.9881,
              XIEN3: 93.9226,
              XIEN4: 94.3881,
              DAU: 95,
              DUOI: 95,
            },
      );
    });
  }

  it('matches the inclusion–exclusion chance by counting every outcome of a 3-number draw', () => {
    // With N = 3 lô numbers (100³ outcomes): how many contain 12 and 34, and 12, 34 and 56?
    let two = 0;
    let three = 0;
    for (let a = 0; a < 100; a++)
      for (let b = 0; b < 100; b++)
        for (let c = 0; c < 100; c++) {
          const drawn = [a, b, c];
          if (drawn.includes(12) && drawn.includes(34)) {
            two++;
            if (drawn.includes(56)) three++;
          }
        }
    expect(allAppear(2, 3)).toEqual({ num: BigInt(two), den: 1_000_000n });
    expect(allAppear(3, 3)).toEqual({ num: BigInt(three), den: 1_000_000n });
  });
});
