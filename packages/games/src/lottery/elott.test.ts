import { describe, expect, it } from 'vitest';
import { ELOTT_1M as def } from './games';
import { ELOTT_FORMS, ELOTT_SUM_BANDS, formOf } from './elott';
import { elottReturnToPlayer, settleBet, validateBet } from './rules';
import type { Bet, ElottResult, Ratio } from './types';

const result = (digits: string): ElottResult => ({
  kind: 'ELOTT',
  digits: [...digits].map(Number),
});
const bet = (
  type: string,
  selection: string[],
  positions?: number[],
  unitStake = 1000n,
  units = 1,
): Bet => ({ type, selection, ...(positions ? { positions } : {}), unitStake, units });
const pay = (b: Bet, digits: string) => settleBet(def, b, result(digits));

describe('fast e-lottery worked examples (result 3-8-8-9-0: sum 28)', () => {
  const r = '38890';
  it('sum big/small and odd/even: 1.97 per unit', () => {
    expect(pay(bet('SUM_BS', ['big'], undefined, 1000n, 2), r)).toEqual({
      outcome: 'win',
      payout: 3940n,
      hits: [{ prize: 'win', count: 1 }],
    });
    expect(pay(bet('SUM_BS', ['small']), r)).toEqual({ outcome: 'lose', payout: 0n, hits: [] });
    expect(pay(bet('SUM_OE', ['even']), r).payout).toBe(1970n);
    expect(pay(bet('SUM_OE', ['odd']), r).outcome).toBe('lose');
    // The edges of the sum ranges: 22 is small, 23 is big.
    expect(pay(bet('SUM_BS', ['small']), '99400').payout).toBe(1970n);
    expect(pay(bet('SUM_BS', ['big']), '99500').payout).toBe(1970n);
    expect(pay(bet('SUM_BS', ['big']), '99400').outcome).toBe('lose');
  });

  it('per position big/small, odd/even and digit', () => {
    expect(pay(bet('POS_BS', ['small'], [1]), r).payout).toBe(1970n);
    expect(pay(bet('POS_BS', ['big'], [4]), r).payout).toBe(1970n);
    expect(pay(bet('POS_BS', ['big'], [5]), r).outcome).toBe('lose');
    expect(pay(bet('POS_OE', ['even'], [2]), r).payout).toBe(1970n);
    expect(pay(bet('POS_OE', ['odd'], [1]), r).payout).toBe(1970n);
    expect(pay(bet('POS_DIGIT', ['9'], [4]), r).payout).toBe(9700n);
    expect(pay(bet('POS_DIGIT', ['9'], [3]), r).outcome).toBe('lose');
    // 15 × 9.7 = 145.5: the fraction of a minor unit is not paid.
    expect(pay(bet('POS_DIGIT', ['0'], [5], 15n), r).payout).toBe(145n);
  });

  it('sum bands', () => {
    expect(pay(bet('SUM_BAND', ['25-29']), r)).toEqual({
      outcome: 'win',
      payout: 4000n,
      hits: [{ prize: '25-29', count: 1 }],
    });
    expect(pay(bet('SUM_BAND', ['30-45']), r).outcome).toBe('lose');
    expect(pay(bet('SUM_BAND', ['0-15']), '96000').payout).toBe(6700n);
    expect(pay(bet('SUM_BAND', ['0-15']), '97000').outcome).toBe('lose');
  });

  it('dragon/tiger: a tie pushes dragon and tiger bets and pays the tie bet', () => {
    expect(pay(bet('DRAGON_TIGER', ['dragon']), r).payout).toBe(1960n);
    expect(pay(bet('DRAGON_TIGER', ['tiger']), r).outcome).toBe('lose');
    expect(pay(bet('DRAGON_TIGER', ['tie']), r).outcome).toBe('lose');
    expect(pay(bet('DRAGON_TIGER', ['tiger']), '51239').payout).toBe(1960n);
    expect(pay(bet('DRAGON_TIGER', ['dragon'], undefined, 1000n, 3), '51235')).toEqual({
      outcome: 'push',
      payout: 3000n,
      hits: [],
    });
    expect(pay(bet('DRAGON_TIGER', ['tiger']), '51235').outcome).toBe('push');
    expect(pay(bet('DRAGON_TIGER', ['tie']), '51235').payout).toBe(9500n);
  });

  it('three-digit forms on the front, middle and back three', () => {
    // front 3-8-8 pair, middle 8-8-9 pair, back 8-9-0 straight (9 and 0 adjacent).
    expect(pay(bet('FORM3', ['pair'], [1, 2, 3], 100n), r).payout).toBe(355n);
    expect(pay(bet('FORM3', ['pair'], [2, 3, 4], 100n), r).payout).toBe(355n);
    expect(pay(bet('FORM3', ['straight'], [3, 4, 5], 100n), r).payout).toBe(1600n);
    expect(pay(bet('FORM3', ['half_straight'], [3, 4, 5], 100n), r).outcome).toBe('lose');
    expect(pay(bet('FORM3', ['leopard'], [1, 2, 3], 100n), '77712').payout).toBe(9600n);
    expect(pay(bet('FORM3', ['half_straight'], [1, 2, 3], 100n), '12700').payout).toBe(266n);
    expect(pay(bet('FORM3', ['mixed'], [1, 2, 3], 100n), '14700').payout).toBe(320n);
    expect(formOf(9, 0, 1)).toBe('straight');
    expect(formOf(1, 3, 2)).toBe('straight');
    expect(formOf(0, 9, 5)).toBe('half_straight');
    expect(formOf(1, 3, 5)).toBe('mixed');
  });

  it('two- and three-digit direct combinations on chosen positions', () => {
    expect(pay(bet('DIRECT2', ['89'], [2, 4], 100n), r).payout).toBe(9700n);
    expect(pay(bet('DIRECT2', ['98'], [2, 4], 100n), r).outcome).toBe('lose');
    expect(pay(bet('DIRECT3', ['890'], [3, 4, 5], 100n), r).payout).toBe(97000n);
    expect(pay(bet('DIRECT3', ['380'], [1, 2, 5], 100n), r).payout).toBe(97000n);
  });

  it('a cancelled issue refunds the cost', () => {
    expect(
      settleBet(def, bet('DIRECT3', ['890'], [3, 4, 5], 100n, 7), { kind: 'cancelled' }),
    ).toEqual({ outcome: 'refund', payout: 700n, hits: [] });
  });
});

describe('fast e-lottery bets refused', () => {
  const codes = (b: Bet) => validateBet(def, b).map((p) => p.code);
  it('names what is wrong', () => {
    expect(codes(bet('SUM_BS', ['big']))).toEqual([]);
    expect(codes(bet('LUCKY7', ['big']))).toEqual(['UNKNOWN_BET_TYPE']);
    expect(codes(bet('SUM_BS', ['huge']))).toEqual(['BAD_SELECTION']);
    expect(codes(bet('SUM_BS', ['big', 'small']))).toEqual(['BAD_SELECTION']);
    expect(codes(bet('SUM_BS', ['big'], [1]))).toEqual(['BAD_POSITIONS']);
    expect(codes(bet('POS_DIGIT', ['7']))).toEqual(['BAD_POSITIONS']);
    expect(codes(bet('POS_DIGIT', ['7'], [6]))).toEqual(['BAD_POSITIONS']);
    expect(codes(bet('POS_DIGIT', ['10'], [1]))).toEqual(['BAD_SELECTION']);
    expect(codes(bet('FORM3', ['pair'], [1, 3, 5]))).toEqual(['BAD_POSITIONS']);
    expect(codes(bet('FORM3', ['triple'], [1, 2, 3]))).toEqual(['BAD_SELECTION']);
    expect(codes(bet('DIRECT2', ['12'], [4, 2]))).toEqual(['BAD_POSITIONS']);
    expect(codes(bet('DIRECT2', ['12'], [2, 2]))).toEqual(['BAD_POSITIONS']);
    expect(codes(bet('DIRECT3', ['1a3'], [1, 2, 3]))).toEqual(['BAD_SELECTION']);
    expect(codes(bet('DIRECT3', ['12'], [1, 2, 3]))).toEqual(['BAD_SELECTION']);
  });
});

const same = (r: Ratio, num: bigint, den: bigint) => r.num * den === num * r.den;
const below100 = (r: Ratio) => r.num < r.den;

describe('fast e-lottery return to player, by exact enumeration of all 100,000 results', () => {
  const rtp = (b: Bet) => elottReturnToPlayer(def, b);

  it('big/small and odd/even on the sum and per position: exactly 98.5 %', () => {
    for (const s of ['big', 'small']) expect(same(rtp(bet('SUM_BS', [s])), 985n, 1000n)).toBe(true);
    for (const s of ['odd', 'even']) expect(same(rtp(bet('SUM_OE', [s])), 985n, 1000n)).toBe(true);
    for (let p = 1; p <= 5; p++) {
      for (const s of ['big', 'small'])
        expect(same(rtp(bet('POS_BS', [s], [p])), 985n, 1000n)).toBe(true);
      for (const s of ['odd', 'even'])
        expect(same(rtp(bet('POS_OE', [s], [p])), 985n, 1000n)).toBe(true);
    }
  });

  it('each position digit: exactly 97 %', () => {
    for (let p = 1; p <= 5; p++)
      for (let d = 0; d <= 9; d++)
        expect(same(rtp(bet('POS_DIGIT', [String(d)], [p])), 97n, 100n)).toBe(true);
  });

  it('sum bands: 95.43 %, 95.52 %, 95 %', () => {
    const expected: Record<string, [bigint, bigint]> = {
      '0-15': [14244n * 67n, 1_000_000n],
      '16-20': [23881n * 4n, 100_000n],
      '21-24': [23750n * 4n, 100_000n],
      '25-29': [23881n * 4n, 100_000n],
      '30-45': [14244n * 67n, 1_000_000n],
    };
    for (const band of Object.keys(ELOTT_SUM_BANDS)) {
      const r = rtp(bet('SUM_BAND', [band]));
      expect(same(r, ...expected[band]!)).toBe(true);
      expect(below100(r)).toBe(true);
    }
  });

  it('dragon/tiger 98.2 % (with the push), tie 95 %', () => {
    expect(same(rtp(bet('DRAGON_TIGER', ['dragon'])), 982n, 1000n)).toBe(true);
    expect(same(rtp(bet('DRAGON_TIGER', ['tiger'])), 982n, 1000n)).toBe(true);
    expect(same(rtp(bet('DRAGON_TIGER', ['tie'])), 95n, 100n)).toBe(true);
  });

  it('three-digit forms: 96 %, 96 %, 95.85 %, 95.76 %, 96 % on every three', () => {
    const expected: Record<string, [bigint, bigint]> = {
      leopard: [96n, 100n],
      straight: [96n, 100n],
      pair: [9585n, 10000n],
      half_straight: [9576n, 10000n],
      mixed: [96n, 100n],
    };
    for (const first of [1, 2, 3])
      for (const form of ELOTT_FORMS)
        expect(
          same(rtp(bet('FORM3', [form], [first, first + 1, first + 2])), ...expected[form]!),
        ).toBe(true);
  });

  it('direct combinations: 97 % on every choice of positions', () => {
    const pairs: number[][] = [];
    const triples: number[][] = [];
    for (let a = 1; a <= 5; a++)
      for (let b = a + 1; b <= 5; b++) {
        pairs.push([a, b]);
        for (let c = b + 1; c <= 5; c++) triples.push([a, b, c]);
      }
    expect(pairs).toHaveLength(10);
    expect(triples).toHaveLength(10);
    for (const p of pairs)
      for (const n of ['00', '47', '99'])
        expect(same(rtp(bet('DIRECT2', [n], p)), 97n, 100n)).toBe(true);
    for (const p of triples)
      for (const n of ['000', '518', '999'])
        expect(same(rtp(bet('DIRECT3', [n], p)), 97n, 100n)).toBe(true);
  });
});
