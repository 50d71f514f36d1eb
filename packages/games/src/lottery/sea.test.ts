import { describe, expect, it } from 'vitest';
import { SEA_4D as fourD, THAI_LOTTERY as thai } from './games';
import { FOUR_D_PAYS, permutationCount, THAI_PAYS } from './sea';
import { settleBet, validateBet, validateResult } from './rules';
import type { Bet, FourDResult, ThaiResult } from './types';

const bet = (type: string, number: string, unitStake = 100n, units = 1): Bet => ({
  type,
  selection: [number],
  unitStake,
  units,
});

const draw: FourDResult = {
  kind: 'SEA_4D',
  first: '1234',
  second: '5678',
  third: '9012',
  starters: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1100'],
  consolations: ['2000', '0101', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009'],
};

describe('4D', () => {
  const pay = (b: Bet) => settleBet(fourD, b, draw);
  it('accepts the draw and refuses repeated numbers', () => {
    expect(validateResult(fourD, draw)).toEqual([]);
    expect(validateResult(fourD, { ...draw, second: '1234' })[0]?.code).toBe('BAD_RESULT');
    expect(validateResult(fourD, { ...draw, starters: draw.starters.slice(1) })[0]?.code).toBe(
      'BAD_RESULT',
    );
  });

  it('big pays every prize, small the top three only (per 1.00 = 100)', () => {
    expect(pay(bet('BIG', '1234'))).toEqual({
      outcome: 'win',
      payout: 250000n,
      hits: [{ prize: 'first', count: 1 }],
    });
    expect(pay(bet('BIG', '5678')).payout).toBe(100000n);
    expect(pay(bet('BIG', '9012')).payout).toBe(50000n);
    expect(pay(bet('BIG', '1005')).payout).toBe(18000n);
    expect(pay(bet('BIG', '2009', 100n, 3)).payout).toBe(18000n);
    expect(pay(bet('BIG', '4321')).outcome).toBe('lose');
    expect(pay(bet('SMALL', '1234')).payout).toBe(350000n);
    expect(pay(bet('SMALL', '5678')).payout).toBe(200000n);
    expect(pay(bet('SMALL', '9012')).payout).toBe(100000n);
    expect(pay(bet('SMALL', '1005')).outcome).toBe('lose');
  });

  it('iBox divides the prize by the permutation count', () => {
    expect([
      permutationCount('1234'),
      permutationCount('1123'),
      permutationCount('1122'),
      permutationCount('1112'),
      permutationCount('1111'),
    ]).toEqual([24, 12, 6, 4, 1]);
    // 4321 boxes 1234 (first): 100 × 2,500 / 24 = 10,416.67 → 10,416.
    expect(pay(bet('IBOX_BIG', '4321')).payout).toBe(10416n);
    expect(pay(bet('IBOX_SMALL', '4321')).payout).toBe(14583n);
    expect(pay(bet('IBOX_BIG', '8765', 2400n)).payout).toBe(100000n);
    // 12 permutations: 2100 boxes the starter 1002.
    expect(pay(bet('IBOX_BIG', '2100', 1200n)).payout).toBe(18000n);
    // 6 permutations: 0011 boxes the starter 1001 and the consolation 0101 (and 1100).
    expect(pay(bet('IBOX_BIG', '0011', 600n))).toEqual({
      outcome: 'win',
      payout: (600n * (2n * 180n + 60n)) / 6n,
      hits: [
        { prize: 'starter', count: 2 },
        { prize: 'consolation', count: 1 },
      ],
    });
    // 4 permutations: 0200 boxes the consolation 2000.
    expect(pay(bet('IBOX_BIG', '0200', 400n)).payout).toBe(6000n);
    expect(pay(bet('IBOX_SMALL', '0200', 400n)).outcome).toBe('lose');
  });

  it('refuses malformed bets', () => {
    const codes = (b: Bet) => validateBet(fourD, b).map((p) => p.code);
    expect(codes(bet('BIG', '0000'))).toEqual([]);
    expect(codes(bet('BIG', '123'))).toEqual(['BAD_SELECTION']);
    expect(codes(bet('BIG', '12a4'))).toEqual(['BAD_SELECTION']);
    expect(codes(bet('IBOX_BIG', '7777'))).toEqual(['NO_PERMUTATIONS']);
    expect(codes(bet('LO2', '12'))).toEqual(['UNKNOWN_BET_TYPE']);
  });

  it('returns 64 % (big) and 65 % (small) of stakes', () => {
    const total = (pays: (typeof FOUR_D_PAYS)['BIG'], each: Record<string, bigint>) =>
      Object.entries(pays).reduce((s, [k, r]) => s + (r.num / r.den) * each[k]!, 0n);
    const counts = { first: 1n, second: 1n, third: 1n, starter: 10n, consolation: 10n };
    expect(total(FOUR_D_PAYS.BIG, counts)).toBe(6400n);
    expect(total(FOUR_D_PAYS.SMALL, counts)).toBe(6500n);
    expect(total(FOUR_D_PAYS.IBOX_BIG, counts)).toBeLessThan(10000n);
  });
});

describe('Thai-style draw', () => {
  const result: ThaiResult = { kind: 'THAI', first: '123456', bottom2: '78' };
  const pay = (b: Bet) => settleBet(thai, b, result).payout;
  it('3 top, 2 top and 2 bottom', () => {
    expect(pay(bet('TOP3', '456'))).toBe(90000n);
    expect(pay(bet('TOP3', '465'))).toBe(0n);
    expect(pay(bet('TOP2', '56'))).toBe(9000n);
    expect(pay(bet('TOP2', '78'))).toBe(0n);
    expect(pay(bet('BOTTOM2', '78'))).toBe(9000n);
    expect(pay(bet('BOTTOM2', '56'))).toBe(0n);
    expect(validateResult(thai, { ...result, bottom2: '7' })[0]?.code).toBe('BAD_RESULT');
    expect(validateBet(thai, bet('TOP3', '45')).map((p) => p.code)).toEqual(['BAD_SELECTION']);
    // 900/1000 and 90/100: 90 %.
    expect(THAI_PAYS.TOP3.win!.num * 10n).toBe(9000n);
    expect(THAI_PAYS.TOP2.win!.num).toBe(90n);
  });
});
