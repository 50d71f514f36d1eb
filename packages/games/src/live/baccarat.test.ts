import { describe, expect, it } from 'vitest';
import { parseCards } from '../video-poker/cards';
import {
  BACCARAT_SPOTS,
  baccaratOdds,
  baccaratPay,
  baccaratRules,
  baccaratSpotRtp,
  bankerDraws,
  dealBaccarat,
} from './baccarat';
import { payBet } from './types';

/** Cards in deal order: P1 B1 P2 B2 [P3] [B3]. */
const hand = (labels: string) => dealBaccarat(parseCards(labels), 0);

describe('the deal and the tableau (GAMES.md §1.2)', () => {
  it('a natural ends the hand: neither side draws', () => {
    const h = hand('4h 2c 4d 3s 9c 9d');
    expect(h).toMatchObject({
      playerTotal: 8,
      bankerTotal: 5,
      winner: 'player',
      natural: true,
      used: 4,
    });
    expect(h.player).toHaveLength(2);
  });

  it('player draws on 0–5 and stands on 6–7; banker then draws on 0–5 when player stood', () => {
    // Player 6 stands; banker 5 draws a 2: 7.
    expect(hand('3h 2c 3d 3s 2c 9d')).toMatchObject({ playerTotal: 6, bankerTotal: 7, used: 5 });
    const stood = hand('3h 2c 4d 3s 9c 9d');
    expect(stood).toMatchObject({ playerTotal: 7, bankerTotal: 4, used: 5, winner: 'player' });
    expect(stood.banker).toHaveLength(3);
    expect(hand('3h 3c 4d 3s 9c')).toMatchObject({ used: 4, winner: 'player', bankerTotal: 6 });
  });

  it('banker follows the grid when player drew', () => {
    const grid = [
      'SSSSSSSSSS', // 7
      'SSSSSSHHSS', // 6
      'SSSSHHHHSS', // 5
      'SSHHHHHHSS', // 4
      'HHHHHHHHSH', // 3
    ];
    [7, 6, 5, 4, 3].forEach((bt, row) => {
      for (let p3 = 0; p3 <= 9; p3++) expect(bankerDraws(bt, p3)).toBe(grid[row]![p3] === 'H');
    });
    for (const bt of [0, 1, 2])
      for (let p3 = 0; p3 <= 9; p3++) expect(bankerDraws(bt, p3)).toBe(true);
    // Banker 3 against a player third card of 8 stands: P 2+Q+8 = 0, B 3.
    expect(hand('2h Kc Qd 3s 8c 9d')).toMatchObject({
      used: 5,
      bankerTotal: 3,
      playerTotal: 0,
      winner: 'banker',
    });
    // Banker 6 draws against a 7: P A+4+7 = 2, B 6+K+9 = 5.
    expect(hand('Ah 6c 4d Ks 7c 9d')).toMatchObject({
      used: 6,
      bankerTotal: 5,
      playerTotal: 2,
      winner: 'banker',
    });
  });

  it('equal totals tie; pairs are the first two cards of a side sharing a rank', () => {
    const t = hand('Kh Qc 7d 7s 5c 5d');
    expect(t).toMatchObject({ winner: 'tie', playerTotal: 7, bankerTotal: 7, bankerPair: false });
    const pairs = hand('Kh 7c Kd 7s 9c');
    expect(pairs).toMatchObject({ playerPair: true, bankerPair: true, winner: 'player', used: 5 });
    expect(hand('Kh 7c Qd 6s 8c').playerPair).toBe(false);
  });
});

describe('payouts (Appendix C 1)', () => {
  const win = (winner: 'player' | 'banker' | 'tie', bankerTotal = 7) => ({
    winner,
    bankerTotal,
    playerPair: false,
    bankerPair: false,
  });

  it('player 1:1, pushing on a tie', () => {
    expect(baccaratPay('classic', 'player', 1000n, win('player'))).toBe(2000n);
    expect(baccaratPay('classic', 'player', 1000n, win('banker'))).toBe(0n);
    expect(baccaratPay('classic', 'player', 1000n, win('tie'))).toBe(1000n);
  });

  it('banker 0.95:1 at the classic table, the win rounded down to the minor unit', () => {
    expect(baccaratPay('classic', 'banker', 1000n, win('banker'))).toBe(1950n);
    expect(baccaratPay('classic', 'banker', 25n, win('banker'))).toBe(25n + 23n);
    expect(baccaratPay('classic', 'banker', 1n, win('banker'))).toBe(1n);
    expect(baccaratPay('classic', 'banker', 1000n, win('tie'))).toBe(1000n);
    expect(baccaratPay('classic', 'banker', 1000n, win('player'))).toBe(0n);
  });

  it('no-commission banker: 1:1, or 1:2 on a winning six', () => {
    expect(baccaratPay('no-commission', 'banker', 1000n, win('banker', 7))).toBe(2000n);
    expect(baccaratPay('no-commission', 'banker', 1000n, win('banker', 6))).toBe(1500n);
    expect(baccaratPay('no-commission', 'banker', 15n, win('banker', 6))).toBe(22n);
  });

  it('tie 8:1 and pairs 11:1', () => {
    expect(baccaratPay('classic', 'tie', 100n, win('tie'))).toBe(900n);
    expect(baccaratPay('classic', 'tie', 100n, win('player'))).toBe(0n);
    const h = { ...win('player'), playerPair: true };
    expect(baccaratPay('classic', 'player-pair', 100n, h)).toBe(1200n);
    expect(baccaratPay('classic', 'banker-pair', 100n, h)).toBe(0n);
  });

  it('a bet over several spots pays their sum; unknown spots are refused', () => {
    const rules = baccaratRules('classic');
    const h = hand('Kh 7c Kd 7s 9c');
    expect(
      payBet(
        rules,
        [
          { spot: 'player', amount: 100n },
          { spot: 'player-pair', amount: 10n },
          { spot: 'tie', amount: 10n },
        ],
        h,
      ),
    ).toBe(200n + 120n);
    expect(() => payBet(rules, [{ spot: 'dragon', amount: 1n }], h)).toThrow();
    expect(rules.spots).toEqual(BACCARAT_SPOTS);
  });
});

describe('exact odds of an 8-deck shoe (GAMES.md §1.3, Appendix A)', () => {
  const odds = baccaratOdds(8);
  const pct = (m: { num: bigint; den: bigint }) => Number((m.num * 10n ** 12n) / m.den) / 1e12;

  it('P(player), P(banker), P(tie), P(banker wins with 6)', () => {
    expect(pct(odds.player)).toBeCloseTo(0.446247, 6);
    expect(pct(odds.banker)).toBeCloseTo(0.458597, 6);
    expect(pct(odds.tie)).toBeCloseTo(0.095156, 6);
    expect(pct(odds.bankerSix)).toBeCloseTo(0.053864, 6);
    const sum =
      odds.player.num * odds.banker.den * odds.tie.den +
      odds.banker.num * odds.player.den * odds.tie.den +
      odds.tie.num * odds.player.den * odds.banker.den;
    expect(sum).toBe(odds.player.den * odds.banker.den * odds.tie.den);
  });

  it('house edges per spot equal the published ones', () => {
    const edge = (m: { num: bigint; den: bigint }) => (1 - pct(m)) * 100;
    expect(edge(baccaratSpotRtp('classic', 'player', odds))).toBeCloseTo(1.2351, 4);
    expect(edge(baccaratSpotRtp('classic', 'banker', odds))).toBeCloseTo(1.0579, 4);
    expect(edge(baccaratSpotRtp('no-commission', 'banker', odds))).toBeCloseTo(1.4581, 4);
    expect(edge(baccaratSpotRtp('classic', 'tie', odds))).toBeCloseTo(14.3596, 4);
    expect(edge(baccaratSpotRtp('classic', 'player-pair', odds))).toBeCloseTo(10.3614, 4);
    expect(edge(baccaratSpotRtp('classic', 'banker-pair', odds))).toBeCloseTo(10.3614, 4);
  });
});
