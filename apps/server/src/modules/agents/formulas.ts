import { applyBps } from '@taya/contracts';
import type { ContractKind, ContractTier } from './schema';

/**
 * How an agent's contract pays for one window.
 *
 * For each contract, its agent's **team** is the agent and everyone below it, at any depth. Over
 * the window (bets count in the window of their settlement time):
 *
 * - `validBet`: the team's valid bet; `netLoss`: the team's stakes less payouts (what the players
 *   lost; negative when they won); `activeMembers`: team accounts with a valid bet in the window.
 * - **Tier**: of the tiers whose minimums (`minActiveMembers`, `minPeriodBet`) the team reaches,
 *   the one with the highest rate; none reached → rate 0.
 * - **Gross** = rate × base ÷ 10,000 (rates are basis points), rounded down to the minor unit;
 *   base = valid bet for the salaries (daily, hourly, real-time), max(0, net loss) for dividends.
 * - **Paid below** = what the teams of the agent's direct subordinates under contracts of the
 *   same kind were paid in all (each subordinate's payout plus what its own subordinates' teams
 *   were paid).
 * - **Payout** = max(0, gross − paid below). Through the whole tree the payouts add up to the top
 *   contract's gross, unless a subordinate's team is owed more than its upline's gross (then the
 *   upline gets 0 and the house pays the difference).
 *
 * Worked example (`formulas.test.ts` and `agents.int.test.ts` check it): master M (operator
 * contract 1.50 %), under it agent A (contract from M, tiers 0.80 % from 1 active member and
 * 1.00 % from 2 active members and 10,000.00 bet), under A agent B (0.60 %). Members: m1 under B
 * bets 10,000.00, m2 under A bets 5,000.00, m3 under M bets 2,000.00, all in one day.
 *
 * | agent | team valid bet | active | rate   | gross  | paid below | payout |
 * |-------|---------------:|-------:|-------:|-------:|-----------:|-------:|
 * | B     |      10,000.00 |      1 | 0.60 % |  60.00 |       0.00 |  60.00 |
 * | A     |      15,000.00 |      2 | 1.00 % | 150.00 |      60.00 |  90.00 |
 * | M     |      17,000.00 |      3 | 1.50 % | 255.00 |     150.00 | 105.00 |
 *
 * 60.00 + 90.00 + 105.00 = 255.00 = 1.50 % of 17,000.00. As dividends at 20 % (B), 30 % (A) and
 * 40 % (M), with m1 losing 1,000.00, m2 winning 500.00 and m3 losing 300.00: B's team lost
 * 1,000.00 → 200.00; A's lost 500.00 → gross 150.00, less B's 200.00 → 0.00; M's lost 800.00 →
 * gross 320.00, less what A's team was paid (0.00 + 200.00) → 120.00; in all 320.00 = 40 % of
 * 800.00.
 */

export interface TeamFigures {
  validBet: bigint;
  netLoss: bigint;
  activeMembers: number;
}

export interface SettlingContract {
  id: string;
  kind: ContractKind;
  /** The agent the contract pays (its downline). */
  agentId: string;
  /** The agent that granted it; null for the operator's contract with a top agent. */
  uplineId: string | null;
  tiers: readonly ContractTier[];
}

export interface SettlementLine {
  contractId: string;
  agentId: string;
  figures: TeamFigures;
  tier: number | null;
  rate: number;
  gross: bigint;
  /** The direct subordinates' contracts and what their teams were paid. */
  below: { contractId: string; agentId: string; paid: bigint }[];
  paidBelow: bigint;
  payout: bigint;
  /** This payout plus everything paid below: what this agent's whole team was paid. */
  teamPaid: bigint;
}

const zero: TeamFigures = { validBet: 0n, netLoss: 0n, activeMembers: 0 };

/** The tier a team reaches: the highest rate among those whose minimums it meets. */
export function tierFor(
  tiers: readonly ContractTier[],
  figures: TeamFigures,
): { tier: number | null; rate: number } {
  let best: number | null = null;
  tiers.forEach((t, i) => {
    const reached =
      figures.activeMembers >= t.minActiveMembers && figures.validBet >= BigInt(t.minPeriodBet);
    if (reached && (best === null || t.rate > tiers[best]!.rate)) best = i;
  });
  return { tier: best, rate: best === null ? 0 : tiers[best]!.rate };
}

/** The lines of one window for contracts of one kind, from their agents' team figures. */
export function settleWindow(
  contracts: readonly SettlingContract[],
  figures: ReadonlyMap<string, TeamFigures>,
): SettlementLine[] {
  const byUpline = new Map<string, SettlingContract[]>();
  for (const c of contracts) {
    if (c.uplineId === null) continue;
    const list = byUpline.get(c.uplineId) ?? [];
    list.push(c);
    byUpline.set(c.uplineId, list);
  }
  const lines = new Map<string, SettlementLine>();
  const visiting = new Set<string>();
  const lineOf = (c: SettlingContract): SettlementLine => {
    const done = lines.get(c.id);
    if (done) return done;
    // The tree has no cycles (the closure trigger refuses them); this guards the recursion.
    if (visiting.has(c.id)) throw new Error('contract cycle');
    visiting.add(c.id);
    const f = figures.get(c.agentId) ?? zero;
    const { tier, rate } = tierFor(c.tiers, f);
    const base = c.kind === 'dividend' ? (f.netLoss > 0n ? f.netLoss : 0n) : f.validBet;
    const gross = applyBps(base, rate);
    const below = (byUpline.get(c.agentId) ?? [])
      .filter((d) => d.kind === c.kind)
      .map((d) => {
        const sub = lineOf(d);
        return { contractId: d.id, agentId: d.agentId, paid: sub.teamPaid };
      });
    const paidBelow = below.reduce((sum, b) => sum + b.paid, 0n);
    const payout = gross > paidBelow ? gross - paidBelow : 0n;
    const line: SettlementLine = {
      contractId: c.id,
      agentId: c.agentId,
      figures: f,
      tier,
      rate,
      gross,
      below,
      paidBelow,
      payout,
      teamPaid: payout + paidBelow,
    };
    visiting.delete(c.id);
    lines.set(c.id, line);
    return line;
  };
  return contracts.map(lineOf);
}
