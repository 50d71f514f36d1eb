import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { settleWindow, tierFor, type SettlingContract, type TeamFigures } from './formulas';
import { windowAt, windowsBetween } from './windows';

const tier = (rate: number, minActiveMembers = 0, minPeriodBet = '0') => ({
  rate,
  minActiveMembers,
  minPeriodBet,
});

// The worked example of formulas.ts: M ← A ← B, members m1 (under B), m2 (A), m3 (M).
const contracts = (kind: 'daily' | 'dividend', rates: [number, number, number]) =>
  [
    { id: 'cM', kind, agentId: 'M', uplineId: null, tiers: [tier(rates[0])] },
    {
      id: 'cA',
      kind,
      agentId: 'A',
      uplineId: 'M',
      tiers: kind === 'daily' ? [tier(80, 1), tier(100, 2, '1000000')] : [tier(rates[1])],
    },
    { id: 'cB', kind, agentId: 'B', uplineId: 'A', tiers: [tier(rates[2])] },
  ] satisfies SettlingContract[];

const figures = (rows: Record<string, [bigint, bigint, number]>) =>
  new Map<string, TeamFigures>(
    Object.entries(rows).map(([id, [validBet, netLoss, activeMembers]]) => [
      id,
      { validBet, netLoss, activeMembers },
    ]),
  );

describe('settlement formulas', () => {
  it('pay the worked example of salaries exactly', () => {
    const lines = settleWindow(
      contracts('daily', [150, 100, 60]),
      figures({
        B: [10_000_00n, 0n, 1],
        A: [15_000_00n, 0n, 2],
        M: [17_000_00n, 0n, 3],
      }),
    );
    const by = Object.fromEntries(lines.map((l) => [l.agentId, l]));
    expect(by.B).toMatchObject({ rate: 60, gross: 60_00n, paidBelow: 0n, payout: 60_00n });
    expect(by.A).toMatchObject({
      tier: 1,
      rate: 100,
      gross: 150_00n,
      paidBelow: 60_00n,
      payout: 90_00n,
    });
    expect(by.M).toMatchObject({ rate: 150, gross: 255_00n, paidBelow: 150_00n, payout: 105_00n });
    expect(lines.reduce((s, l) => s + l.payout, 0n)).toBe(255_00n);
  });

  it('pay the worked example of dividends exactly, a losing middle team getting nothing', () => {
    const lines = settleWindow(
      contracts('dividend', [4000, 3000, 2000]),
      figures({
        B: [10_000_00n, 1_000_00n, 1],
        A: [15_000_00n, 500_00n, 2],
        M: [17_000_00n, 800_00n, 3],
      }),
    );
    const by = Object.fromEntries(lines.map((l) => [l.agentId, l]));
    expect(by.B!.payout).toBe(200_00n);
    expect(by.A).toMatchObject({
      gross: 150_00n,
      paidBelow: 200_00n,
      payout: 0n,
      teamPaid: 200_00n,
    });
    expect(by.M).toMatchObject({ gross: 320_00n, paidBelow: 200_00n, payout: 120_00n });
    expect(lines.reduce((s, l) => s + l.payout, 0n)).toBe(320_00n);
  });

  it('choose the best tier the team reaches, or none', () => {
    const tiers = [tier(50, 1), tier(80, 3, '500000'), tier(70, 2)];
    expect(tierFor(tiers, { validBet: 0n, netLoss: 0n, activeMembers: 0 })).toEqual({
      tier: null,
      rate: 0,
    });
    expect(tierFor(tiers, { validBet: 10n, netLoss: 0n, activeMembers: 2 })).toEqual({
      tier: 2,
      rate: 70,
    });
    expect(tierFor(tiers, { validBet: 500000n, netLoss: 0n, activeMembers: 3 })).toEqual({
      tier: 1,
      rate: 80,
    });
  });

  it('never pay a chain more than its top contract when rates fall down the chain', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000_00 }), { minLength: 2, maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 8, maxLength: 8 }),
        (bets, rateSteps) => {
          // A chain a0 ← a1 ← … with one member's bets at each level; rates fall downwards.
          const n = bets.length;
          let rate = 3000;
          const chain: SettlingContract[] = [];
          for (let i = 0; i < n; i++) {
            chain.push({
              id: `c${i}`,
              kind: 'daily',
              agentId: `a${i}`,
              uplineId: i === 0 ? null : `a${i - 1}`,
              tiers: [tier(rate)],
            });
            rate = Math.max(0, rate - rateSteps[i]!);
          }
          const f = new Map<string, TeamFigures>();
          let below = 0n;
          for (let i = n - 1; i >= 0; i--) {
            below += BigInt(bets[i]!);
            f.set(`a${i}`, { validBet: below, netLoss: 0n, activeMembers: n - i });
          }
          const lines = settleWindow(chain, f);
          const total = lines.reduce((s, l) => s + l.payout, 0n);
          expect(total).toBe(lines[0]!.gross);
          for (const l of lines) expect(l.payout >= 0n).toBe(true);
        },
      ),
    );
  });
});

describe('settlement windows in the merchant time zone', () => {
  const at = (iso: string) => new Date(iso);
  it('cut Manila days at its midnight and Yangon hours at half past', () => {
    // 23:50 in Manila on 21 Nov is 15:50 UTC.
    expect(windowAt('daily', 'Asia/Manila', at('2026-11-21T15:50:00Z'))).toEqual({
      start: at('2026-11-20T16:00:00Z'),
      end: at('2026-11-21T16:00:00Z'),
    });
    // Ten minutes later it is the next day there.
    expect(windowAt('daily', 'Asia/Manila', at('2026-11-21T16:00:00Z')).start).toEqual(
      at('2026-11-21T16:00:00Z'),
    );
    expect(windowAt('hourly', 'Asia/Yangon', at('2026-11-21T15:50:00Z'))).toEqual({
      start: at('2026-11-21T15:30:00Z'),
      end: at('2026-11-21T16:30:00Z'),
    });
    expect(windowAt('daily', 'Asia/Yangon', at('2026-11-21T17:29:59Z')).end).toEqual(
      at('2026-11-21T17:30:00Z'),
    );
  });

  it('cut five-minute, weekly, semi-monthly and monthly windows', () => {
    expect(windowAt('realtime', 'Asia/Yangon', at('2026-11-21T15:58:12Z'))).toEqual({
      start: at('2026-11-21T15:55:00Z'),
      end: at('2026-11-21T16:00:00Z'),
    });
    // Sunday 22 Nov 2026 in Manila → the week began Monday 16 Nov.
    expect(windowAt('dividend:W', 'Asia/Manila', at('2026-11-22T03:00:00Z')).start).toEqual(
      at('2026-11-15T16:00:00Z'),
    );
    const second = windowAt('dividend:H', 'Asia/Manila', at('2026-02-20T03:00:00Z'));
    expect(second).toEqual({ start: at('2026-02-15T16:00:00Z'), end: at('2026-02-28T16:00:00Z') });
    expect(windowAt('dividend:H', 'Asia/Manila', at('2026-02-15T15:59:59Z')).end).toEqual(
      at('2026-02-15T16:00:00Z'),
    );
    expect(windowAt('dividend:M', 'Asia/Yangon', at('2026-12-31T18:00:00Z')).start).toEqual(
      at('2026-12-31T17:30:00Z'),
    );
  });

  it('list the ended windows in order, none twice', () => {
    const list = windowsBetween(
      'realtime',
      'Asia/Manila',
      at('2026-11-21T15:52:00Z'),
      at('2026-11-21T16:07:00Z'),
    );
    expect(list.map((w) => w.start.toISOString())).toEqual([
      '2026-11-21T15:50:00.000Z',
      '2026-11-21T15:55:00.000Z',
      '2026-11-21T16:00:00.000Z',
    ]);
  });
});
