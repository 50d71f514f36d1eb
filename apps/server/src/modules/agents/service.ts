import { randomBytes, randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  bpsToRate,
  minorToDecimal,
  parseAmount,
  rateToBps,
  type ContractKindName,
  type ContractProcessBody,
  type ContractTierInput,
  type ConsolidatedFunds,
  type ContractView,
  type MerchantInfo,
  type TeamOverview,
} from '@taya/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { accounts } from '../identity/schema';
import type { IdentityService } from '../identity/service';
import type { SystemService } from '../system/service';
import { accountKinds, type WalletService } from '../wallet/service';
import { settleWindow, type SettlingContract, type TeamFigures } from './formulas';
import {
  agentContracts,
  agentSettlementRuns,
  agentSettlements,
  agentTree,
  memberDailyStats,
  teamDailyStats,
  teamRollupRuns,
  type ContractKind,
  type ContractTier,
  type DividendPeriod,
} from './schema';
import { kindOf, schedules, windowAt, windowsBetween, type Schedule, type Window } from './windows';

type ContractRow = typeof agentContracts.$inferSelect;

/** Agent account types (members, type 0, are leaves of the tree). */
const agentTypes = [1, 2, 41, 42];

/** A window is settled this long after it ends, so a bet settling at its very end is in. */
export const settleGraceMs = 60_000;

/**
 * The agent back office's model: the downline tree (a closure table), contracts between an agent
 * and its direct subordinates, and their settlement, window by window, through the ledger.
 */
export class AgentsService {
  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly wallet: WalletService,
    private readonly identity: IdentityService,
    /** Game names by node id, from the games catalog. */
    private readonly gameNames: (merchantCode: string) => Promise<Map<string, string>>,
  ) {}

  private merchant(code: string): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  /** Refuses a call whose agent screen the merchant has turned off (`function.not.available`). */
  async requireScreen(merchantCode: string, flag: string | null): Promise<void> {
    if (flag === null) return;
    const flags = await this.system.flags(merchantCode);
    if (flags[flag] !== true) throw new AppError('function.not.available');
  }

  // ---- the tree ----

  /** Whether `accountId` is in `agentId`'s team (itself included), in one index lookup. */
  async inTeam(agentId: string, accountId: string, db: DbOrTx = this.db): Promise<boolean> {
    const [row] = await db
      .select({ depth: agentTree.depth })
      .from(agentTree)
      .where(and(eq(agentTree.ancestorId, agentId), eq(agentTree.descendantId, accountId)));
    return row !== undefined;
  }

  private async account(id: string, db: DbOrTx = this.db) {
    const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
    return row;
  }

  // ---- contracts ----

  private tiersFrom(input: ContractTierInput[], scale: number): ContractTier[] {
    return input.map((t, i) => {
      const minBet = parseAmount(t.minPeriodBet, scale);
      if (minBet === null) {
        throw new AppError('request_param_err', 'Invalid tier', [
          { path: `tiers.${i}.minPeriodBet`, code: 'invalid', message: 'An amount' },
        ]);
      }
      const rate = rateToBps(t.rate);
      if (rate <= 0) {
        throw new AppError('request_param_err', 'Invalid tier', [
          { path: `tiers.${i}.rate`, code: 'invalid', message: 'A rate above zero' },
        ]);
      }
      return { rate, minActiveMembers: t.minActiveMembers, minPeriodBet: minBet.toString() };
    });
  }

  /** The active contract of this kind that pays `agentId`, if any. */
  private async activeOf(agentId: string, kind: ContractKind, db: DbOrTx) {
    const [row] = await db
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.downlineId, agentId),
          eq(agentContracts.kind, kind),
          eq(agentContracts.productType, 'CONS'),
          eq(agentContracts.status, 'active'),
        ),
      );
    return row;
  }

  /** My active contracts of this kind granted downward with a rate above `rate`. */
  private async higherBelow(agentId: string, kind: ContractKind, rate: number, db: DbOrTx) {
    return db
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.uplineId, agentId),
          eq(agentContracts.kind, kind),
          eq(agentContracts.status, 'active'),
          sql`${agentContracts.maxRate} > ${rate}`,
        ),
      );
  }

  /**
   * Ends contracts and, below each, every active contract of the same kind in the downline's
   * team (their upline no longer has a rate to grant from).
   */
  private async terminateDown(tx: Tx, contracts: ContractRow[], by: string, reason: string) {
    const now = new Date();
    for (const c of contracts) {
      await tx
        .update(agentContracts)
        .set({ status: 'terminated', endedAt: now, endedBy: by, endReason: reason })
        .where(
          or(
            eq(agentContracts.id, c.id),
            and(
              eq(agentContracts.kind, c.kind),
              inArray(agentContracts.status, ['active', 'pending']),
              inArray(
                agentContracts.uplineId,
                tx
                  .select({ id: agentTree.descendantId })
                  .from(agentTree)
                  .where(eq(agentTree.ancestorId, c.downlineId)),
              ),
            ),
          ),
        );
    }
  }

  /** The four contract calls: an offer, its acceptance or rejection, or a termination. */
  async process(
    me: { accountId: string; merchantCode: string },
    kind: ContractKindName,
    body: ContractProcessBody,
  ): Promise<ContractView> {
    const merchant = await this.merchant(me.merchantCode);
    if (body.action === 'REQUEST') {
      const tiers = this.tiersFrom(body.tiers, merchant.currencyScale);
      const maxRate = Math.max(...tiers.map((t) => t.rate));
      if (kind === 'dividend' && !body.period) {
        throw new AppError('request_param_err', 'A dividend needs its period', [
          { path: 'period', code: 'required', message: 'D, W, H or M' },
        ]);
      }
      const id = await this.db.transaction(async (tx) => {
        const sub = await this.account(body.subordinateId, tx);
        // Only a direct subordinate agent; anyone else is no one to this agent.
        if (!sub || sub.parentId !== me.accountId || sub.merchantCode !== me.merchantCode)
          throw new AppError('not_found', 'No such subordinate');
        if (!agentTypes.includes(sub.type))
          throw new AppError('forbidden', 'Contracts are with subordinate agents');
        const own = await this.activeOf(me.accountId, kind, tx);
        if (!own) throw new AppError('contract_needs_own');
        if (maxRate > own.maxRate) {
          throw new AppError('contract_rate_above_upline', undefined, [
            { path: 'tiers', code: 'above_upline', message: `At most ${bpsToRate(own.maxRate)} %` },
          ]);
        }
        // A new offer replaces one still waiting for an answer.
        await tx
          .update(agentContracts)
          .set({ status: 'superseded', endedAt: new Date(), endedBy: me.accountId })
          .where(
            and(
              eq(agentContracts.downlineId, sub.id),
              eq(agentContracts.kind, kind),
              eq(agentContracts.productType, 'CONS'),
              eq(agentContracts.status, 'pending'),
            ),
          );
        const contractId = randomUUID();
        await tx.insert(agentContracts).values({
          id: contractId,
          merchantCode: me.merchantCode,
          kind,
          period: kind === 'dividend' ? (body.period as DividendPeriod) : null,
          uplineId: me.accountId,
          downlineId: sub.id,
          tiers,
          maxRate,
          status: 'pending',
          requestedBy: me.accountId,
        });
        return contractId;
      });
      return this.view(me.accountId, id);
    }

    await this.db.transaction(async (tx) => {
      const [contract] = await tx
        .select()
        .from(agentContracts)
        .where(and(eq(agentContracts.id, body.contractId), eq(agentContracts.kind, kind)))
        .for('update');
      const party =
        contract &&
        contract.merchantCode === me.merchantCode &&
        (contract.downlineId === me.accountId || contract.uplineId === me.accountId);
      if (!contract || !party) throw new AppError('not_found', 'No such contract');
      const now = new Date();
      if (body.action === 'C') {
        if (contract.status !== 'active' && contract.status !== 'pending')
          throw new AppError('conflict', 'This contract has ended');
        await this.terminateDown(tx, [contract], me.accountId, 'terminated');
        return;
      }
      // Accept or reject: the downline answers an offer.
      if (contract.downlineId !== me.accountId)
        throw new AppError('forbidden', 'Only the offered agent answers an offer');
      if (contract.status !== 'pending') throw new AppError('conflict', 'This offer was answered');
      if (body.action === 'R') {
        await tx
          .update(agentContracts)
          .set({ status: 'rejected', respondedAt: now, endedAt: now, endedBy: me.accountId })
          .where(eq(agentContracts.id, contract.id));
        return;
      }
      const conflicts = await this.higherBelow(me.accountId, kind, contract.maxRate, tx);
      if (conflicts.length > 0 && body.confirm !== true) {
        throw new AppError('contract_lower_rate', undefined, undefined, {
          downlineHigherRate: conflicts.map((c) => ({
            contractId: c.id,
            downlineId: c.downlineId,
            maxRate: bpsToRate(c.maxRate),
          })),
        });
      }
      await this.terminateDown(tx, conflicts, me.accountId, 'upline_rate_lowered');
      await tx
        .update(agentContracts)
        .set({ status: 'superseded', endedAt: now, endedBy: me.accountId, endReason: 'replaced' })
        .where(
          and(
            eq(agentContracts.downlineId, me.accountId),
            eq(agentContracts.kind, kind),
            eq(agentContracts.productType, contract.productType),
            eq(agentContracts.status, 'active'),
          ),
        );
      await tx
        .update(agentContracts)
        .set({ status: 'active', respondedAt: now, activeFrom: now })
        .where(eq(agentContracts.id, contract.id));
    });
    return this.view(me.accountId, body.contractId);
  }

  /** The operator's contract with a top agent (no upline): active at once. */
  async grantTop(
    merchantCode: string,
    operator: string,
    input: {
      agentId: string;
      kind: ContractKindName;
      period?: DividendPeriod;
      tiers: ContractTierInput[];
    },
  ) {
    const merchant = await this.merchant(merchantCode);
    const tiers = this.tiersFrom(input.tiers, merchant.currencyScale);
    return this.db.transaction(async (tx) => {
      const agent = await this.account(input.agentId, tx);
      if (!agent || agent.merchantCode !== merchantCode || !agentTypes.includes(agent.type))
        throw new AppError('not_found', 'No such agent');
      if (agent.parentId !== null)
        throw new AppError('forbidden', 'Only top agents contract with the operator');
      const now = new Date();
      await tx
        .update(agentContracts)
        .set({ status: 'superseded', endedAt: now, endedBy: operator, endReason: 'replaced' })
        .where(
          and(
            eq(agentContracts.downlineId, agent.id),
            eq(agentContracts.kind, input.kind),
            eq(agentContracts.status, 'active'),
          ),
        );
      const id = randomUUID();
      await tx.insert(agentContracts).values({
        id,
        merchantCode,
        kind: input.kind,
        period: input.kind === 'dividend' ? (input.period ?? 'D') : null,
        uplineId: null,
        downlineId: agent.id,
        tiers,
        maxRate: Math.max(...tiers.map((t) => t.rate)),
        status: 'active',
        requestedBy: operator,
        respondedAt: now,
        activeFrom: now,
      });
      return { id };
    });
  }

  private async views(viewerId: string, rows: ContractRow[]): Promise<ContractView[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.uplineId, r.downlineId]).filter(Boolean))];
    const people = ids.length
      ? await this.db
          .select({ id: accounts.id, username: accounts.username, nickname: accounts.nickname })
          .from(accounts)
          .where(inArray(accounts.id, ids as string[]))
      : [];
    const who = new Map(people.map((p) => [p.id, p]));
    const party = (id: string) => who.get(id) ?? { id, username: '', nickname: null };
    const out: ContractView[] = [];
    for (const r of rows) {
      let higher: ContractView['downlineHigherRate'] = [];
      if (r.status === 'pending' && r.downlineId === viewerId) {
        const below = await this.higherBelow(viewerId, r.kind, r.maxRate, this.db);
        const names = below.length
          ? await this.db
              .select({ id: accounts.id, username: accounts.username, nickname: accounts.nickname })
              .from(accounts)
              .where(
                inArray(
                  accounts.id,
                  below.map((b) => b.downlineId),
                ),
              )
          : [];
        const byId = new Map(names.map((n) => [n.id, n]));
        higher = below.map((b) => ({
          contractId: b.id,
          downline: byId.get(b.downlineId) ?? { id: b.downlineId, username: '', nickname: null },
          maxRate: bpsToRate(b.maxRate),
        }));
      }
      const merchant = await this.merchant(r.merchantCode);
      out.push({
        id: r.id,
        kind: r.kind,
        productType: r.productType,
        period: r.period,
        upline: r.uplineId ? party(r.uplineId) : null,
        downline: party(r.downlineId),
        tiers: r.tiers.map((t) => ({
          rate: bpsToRate(t.rate),
          minActiveMembers: t.minActiveMembers,
          minPeriodBet: minorToDecimal(BigInt(t.minPeriodBet), merchant.currencyScale),
        })),
        maxRate: bpsToRate(r.maxRate),
        status: r.status,
        requestedAt: r.requestedAt.toISOString(),
        activeFrom: r.activeFrom?.toISOString() ?? null,
        endedAt: r.endedAt?.toISOString() ?? null,
        endReason: r.endReason,
        downlineHigherRate: higher,
      });
    }
    return out;
  }

  private async view(viewerId: string, contractId: string): Promise<ContractView> {
    const [row] = await this.db
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.id, contractId));
    if (!row) throw new AppError('not_found', 'No such contract');
    return (await this.views(viewerId, [row]))[0]!;
  }

  /** My contracts: those that pay me and those I granted, active or pending. */
  async contracts(me: { accountId: string }, kind?: ContractKindName) {
    const live = inArray(agentContracts.status, ['active', 'pending']);
    const ofKind = kind ? eq(agentContracts.kind, kind) : undefined;
    const [mine, granted] = await Promise.all([
      this.db
        .select()
        .from(agentContracts)
        .where(and(eq(agentContracts.downlineId, me.accountId), live, ofKind))
        .orderBy(desc(agentContracts.requestedAt)),
      this.db
        .select()
        .from(agentContracts)
        .where(and(eq(agentContracts.uplineId, me.accountId), live, ofKind))
        .orderBy(desc(agentContracts.requestedAt)),
    ]);
    return {
      mine: await this.views(me.accountId, mine),
      granted: await this.views(me.accountId, granted),
    };
  }

  /**
   * My contracts in the consolidated funds answer (`/wps/member/info/funds/consolidated`), in the
   * original front end's shapes, keyed by product type: per kind the offer waiting for my answer,
   * else the active one. A dividend carries its period's team figures so far.
   */
  async consolidatedContracts(me: { accountId: string; merchantCode: string }) {
    const merchant = await this.merchant(me.merchantCode);
    const { mine } = await this.contracts(me);
    const pick = (kind: ContractKindName) =>
      mine.find((c) => c.kind === kind && c.status === 'pending') ??
      mine.find((c) => c.kind === kind && c.status === 'active');
    const status = (c: ContractView) => (c.status === 'pending' ? ('P' as const) : ('V' as const));
    const higher = (c: ContractView) => c.downlineHigherRate.length > 0;
    const out: Pick<
      ConsolidatedFunds,
      'divtypereq' | 'dailysalreqtype' | 'contracthoursalreqtype' | 'realtimesalreqtype'
    > = {};
    const dividend = pick('dividend');
    if (dividend) {
      const period = dividend.period ?? 'D';
      const window = windowAt(`dividend:${period}`, merchant.timeZone, new Date());
      const f = (await this.teamFigures(me.merchantCode, [me.accountId], window)).get(
        me.accountId,
      ) ?? { validBet: 0n, netLoss: 0n, activeMembers: 0 };
      const top = dividend.tiers.reduce((best, t) =>
        rateToBps(t.rate) > rateToBps(best.rate) ? t : best,
      );
      const money = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
      out.divtypereq = {
        [dividend.productType]: {
          contractId: dividend.id,
          period,
          minimumBet: top.minPeriodBet,
          netLoss: money(f.netLoss),
          periodicTotalBet: money(f.validBet),
          periodicTotalBetRequired: top.minPeriodBet,
          activeMember: top.minActiveMembers,
          contractRate: dividend.maxRate,
          status: status(dividend),
          downlineHigherRate: higher(dividend),
        },
      };
    }
    const daily = pick('daily');
    if (daily) {
      out.dailysalreqtype = {
        [daily.productType]: {
          id: daily.id,
          status: status(daily),
          downlineHigherRate: higher(daily),
          details: daily.tiers.map((t) => ({
            betVolume: t.minPeriodBet,
            activeMember: t.minActiveMembers,
            rateType: 'P' as const,
            rate: t.rate,
          })),
        },
      };
    }
    const hourly = pick('hourly');
    if (hourly) {
      out.contracthoursalreqtype = {
        [hourly.productType]: {
          contractId: hourly.id,
          status: status(hourly),
          downlineHigherRate: higher(hourly),
          hourSalaryRates: hourly.tiers.map((t) => ({
            minimumBet: t.minPeriodBet,
            activeMember: t.minActiveMembers,
            rateType: 'P' as const,
            rate: t.rate,
          })),
        },
      };
    }
    const realtime = pick('realtime');
    if (realtime) {
      out.realtimesalreqtype = {
        [realtime.productType]: {
          contractId: realtime.id,
          status: status(realtime),
          downlineHigherRate: higher(realtime),
          realTimeSalaryRates: realtime.tiers.map((t) => ({
            betAmount: t.minPeriodBet,
            lossRate: t.rate,
            winRate: t.rate,
          })),
        },
      };
    }
    return out;
  }

  // ---- settlement ----

  /**
   * The team figures of `agentIds` over a window: each member's settled bets summed once, then
   * rolled up to every listed ancestor through the closure table.
   */
  async teamFigures(
    merchantCode: string,
    agentIds: string[],
    window: Window,
    db: DbOrTx = this.db,
  ): Promise<Map<string, TeamFigures>> {
    if (agentIds.length === 0) return new Map();
    const { rows } = (await db.execute(sql`
      with m as (
        select account_id, sum(valid_bet) as valid_bet, sum(stake - payout) as net_loss
        from bet_records
        where merchant_code = ${merchantCode} and status = 'settled'
          and settled_at >= ${window.start.toISOString()}::timestamptz
          and settled_at < ${window.end.toISOString()}::timestamptz
        group by account_id
      )
      select t.ancestor_id as agent_id,
        coalesce(sum(m.valid_bet), 0)::text as valid_bet,
        coalesce(sum(m.net_loss), 0)::text as net_loss,
        count(*) filter (where m.valid_bet > 0)::int as active_members
      from m
      join agent_tree t on t.descendant_id = m.account_id
      where t.ancestor_id in (${sql.join(
        agentIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by t.ancestor_id`)) as {
      rows: { agent_id: string; valid_bet: string; net_loss: string; active_members: number }[];
    };
    return new Map(
      rows.map((r) => [
        r.agent_id,
        {
          validBet: BigInt(r.valid_bet),
          netLoss: BigInt(r.net_loss),
          activeMembers: Number(r.active_members),
        },
      ]),
    );
  }

  /** Contracts of a schedule that cover the whole window. */
  private async covering(merchantCode: string, schedule: Schedule, window: Window, db: DbOrTx) {
    const { kind, period } = kindOf(schedule);
    return (
      db
        .select()
        .from(agentContracts)
        .where(
          and(
            eq(agentContracts.merchantCode, merchantCode),
            eq(agentContracts.kind, kind),
            period ? eq(agentContracts.period, period) : undefined,
            inArray(agentContracts.status, ['active', 'terminated', 'superseded']),
            sql`${agentContracts.activeFrom} <= ${window.start.toISOString()}::timestamptz`,
            or(
              isNull(agentContracts.endedAt),
              sql`${agentContracts.endedAt} >= ${window.end.toISOString()}::timestamptz`,
            ),
          ),
        )
        // One order for every run, so two runs racing take the settlement keys in the same order.
        .orderBy(agentContracts.id)
    );
  }

  /**
   * Settles one window of one schedule: every covering contract's pay, with its inputs, once.
   * A second run (or a second node) inserts nothing and pays nothing: the settlement row's
   * unique key and the ledger's idempotency key both refuse it.
   */
  async settle(
    merchantCode: string,
    schedule: Schedule,
    window: Window,
  ): Promise<{ contracts: number; paid: bigint }> {
    const merchant = await this.merchant(merchantCode);
    const contracts = await this.covering(merchantCode, schedule, window, this.db);
    let paid = 0n;
    if (contracts.length > 0) {
      const figures = await this.teamFigures(
        merchantCode,
        contracts.map((c) => c.downlineId),
        window,
      );
      const settling: SettlingContract[] = contracts.map((c) => ({
        id: c.id,
        kind: c.kind,
        agentId: c.downlineId,
        uplineId: c.uplineId,
        tiers: c.tiers,
      }));
      const lines = settleWindow(settling, figures);
      const expense = await this.wallet.ledger.account({
        merchantCode,
        currency: merchant.currency,
        ownerId: null,
        kind: accountKinds.commissionExpense,
        allowNegative: true,
      });
      const cash = new Map<string, string>();
      for (const line of lines) {
        cash.set(line.agentId, await this.wallet.cashAccount(merchantCode, line.agentId));
      }
      const { kind } = kindOf(schedule);
      await this.db.transaction(async (tx) => {
        for (const line of lines) {
          const id = randomUUID();
          const inserted = await tx
            .insert(agentSettlements)
            .values({
              id,
              merchantCode,
              contractId: line.contractId,
              agentId: line.agentId,
              kind,
              windowStart: window.start,
              windowEnd: window.end,
              teamValidBet: line.figures.validBet,
              teamNetLoss: line.figures.netLoss,
              activeMembers: line.figures.activeMembers,
              tier: line.tier,
              rate: line.rate,
              gross: line.gross,
              subordinatesGross: line.paidBelow,
              payout: line.payout,
              details: {
                below: line.below.map((b) => ({ ...b, paid: b.paid.toString() })),
              },
            })
            .onConflictDoNothing()
            .returning({ id: agentSettlements.id });
          if (inserted.length === 0 || line.payout === 0n) continue;
          const posted = await this.wallet.ledger.post(
            {
              merchantCode,
              idempotencyKey: `agent:settle:${line.contractId}:${window.start.toISOString()}`,
              type: 'agent_commission',
              actor: 'job:agents.settle',
              reference: id,
              metadata: { kind, contractId: line.contractId, schedule },
              postings: [
                { accountId: expense, amount: -line.payout },
                { accountId: cash.get(line.agentId)!, amount: line.payout },
              ],
            },
            tx,
          );
          await tx
            .update(agentSettlements)
            .set({ entryId: posted.entryId })
            .where(eq(agentSettlements.id, id));
          paid += line.payout;
        }
        await this.recordRun(merchantCode, schedule, window, { contracts: lines.length, paid }, tx);
      });
      return { contracts: lines.length, paid };
    }
    await this.recordRun(merchantCode, schedule, window, { contracts: 0, paid: 0n }, this.db);
    return { contracts: 0, paid: 0n };
  }

  /** Records a window of a schedule as settled; a second record of the same window is ignored. */
  private async recordRun(
    merchantCode: string,
    schedule: Schedule,
    window: Window,
    totals: { contracts: number; paid: bigint },
    db: DbOrTx,
  ) {
    await db
      .insert(agentSettlementRuns)
      .values({
        merchantCode,
        schedule,
        windowStart: window.start,
        windowEnd: window.end,
        contracts: totals.contracts,
        paid: totals.paid,
      })
      .onConflictDoNothing();
  }

  /**
   * The settlement job: for every merchant and schedule, each window that has ended (plus the
   * grace) since the last one settled — or since the schedule's first contract began — is
   * settled in order.
   */
  async settleDue(now = new Date()): Promise<{ windows: number; paid: bigint }> {
    let windows = 0;
    let paid = 0n;
    const until = new Date(now.getTime() - settleGraceMs);
    for (const merchant of await this.system.merchants()) {
      for (const schedule of schedules) {
        const { kind, period } = kindOf(schedule);
        const [last] = await this.db
          .select({ end: agentSettlementRuns.windowEnd })
          .from(agentSettlementRuns)
          .where(
            and(
              eq(agentSettlementRuns.merchantCode, merchant.merchantCode),
              eq(agentSettlementRuns.schedule, schedule),
            ),
          )
          .orderBy(desc(agentSettlementRuns.windowStart))
          .limit(1);
        let from = last?.end;
        if (!from) {
          const [first] = await this.db
            .select({ at: sql<string>`min(${agentContracts.activeFrom})` })
            .from(agentContracts)
            .where(
              and(
                eq(agentContracts.merchantCode, merchant.merchantCode),
                eq(agentContracts.kind, kind),
                period ? eq(agentContracts.period, period) : undefined,
              ),
            );
          if (!first?.at) continue;
          from = new Date(first.at);
        }
        for (const w of windowsBetween(schedule, merchant.timeZone, from, until, 300)) {
          const r = await this.settle(merchant.merchantCode, schedule, w);
          windows++;
          paid += r.paid;
        }
      }
    }
    return { windows, paid };
  }

  /** My settlements of one kind, newest first, with their inputs. */
  async settlements(
    me: { accountId: string; merchantCode: string },
    query: { kind: ContractKindName; from?: string; to?: string; page: number; size: number },
  ) {
    const merchant = await this.merchant(me.merchantCode);
    const where = and(
      eq(agentSettlements.agentId, me.accountId),
      eq(agentSettlements.kind, query.kind),
      query.from ? gte(agentSettlements.windowStart, new Date(query.from)) : undefined,
      query.to ? lt(agentSettlements.windowStart, new Date(query.to)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(agentSettlements)
        .where(where)
        .orderBy(desc(agentSettlements.windowStart))
        .limit(query.size + 1)
        .offset((query.page - 1) * query.size),
      this.db
        .select({ total: sql<string>`coalesce(sum(${agentSettlements.payout}), 0)::text` })
        .from(agentSettlements)
        .where(where),
    ]);
    const money = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    return {
      list: rows.slice(0, query.size).map((r) => ({
        id: r.id,
        contractId: r.contractId,
        kind: r.kind,
        windowStart: r.windowStart.toISOString(),
        windowEnd: r.windowEnd.toISOString(),
        teamValidBet: money(r.teamValidBet),
        teamNetLoss: money(r.teamNetLoss),
        activeMembers: r.activeMembers,
        tier: r.tier,
        rate: bpsToRate(r.rate),
        gross: money(r.gross),
        subordinatesPaid: money(r.subordinatesGross),
        payout: money(r.payout),
        below: (
          (r.details.below ?? []) as { contractId: string; agentId: string; paid: string }[]
        ).map((b) => ({
          contractId: b.contractId,
          agentId: b.agentId,
          paid: money(BigInt(b.paid)),
        })),
        settledAt: r.createdAt.toISOString(),
      })),
      totalPayout: money(BigInt(total?.total ?? '0')),
      page: query.page,
      size: query.size,
      hasMore: rows.length > query.size,
    };
  }

  // ---- team reports ----

  /**
   * Rolls one five-minute window into the daily figures, once (the run row is the key): each
   * member's settled bets into `member_daily_stats`, and every ancestor's team into
   * `team_daily_stats` — bets, players active for the first time that day, sign-ups, deposits and
   * paid withdrawals. A window never spans two merchant days (their offsets are whole
   * half-hours).
   */
  async rollup(merchantCode: string, window: Window): Promise<boolean> {
    const merchant = await this.merchant(merchantCode);
    const day = DateTime.fromJSDate(window.start, { zone: merchant.timeZone }).toISODate()!;
    const start = window.start.toISOString();
    const end = window.end.toISOString();
    return this.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(teamRollupRuns)
        .values({ merchantCode, windowStart: window.start, windowEnd: window.end })
        .onConflictDoNothing()
        .returning({ at: teamRollupRuns.windowStart });
      if (claimed.length === 0) return false;
      await tx.execute(sql`
        with m as (
          select account_id, sum(valid_bet) as valid_bet, sum(stake - payout) as net_loss,
            count(*)::int as bets
          from bet_records
          where merchant_code = ${merchantCode} and status = 'settled'
            and settled_at >= ${start}::timestamptz and settled_at < ${end}::timestamptz
          group by account_id
        ), up as (
          insert into member_daily_stats (account_id, day, valid_bet, net_loss, bets)
          select account_id, ${day}::date, valid_bet, net_loss, bets from m
          on conflict (account_id, day) do update set
            valid_bet = member_daily_stats.valid_bet + excluded.valid_bet,
            net_loss = member_daily_stats.net_loss + excluded.net_loss,
            bets = member_daily_stats.bets + excluded.bets
          returning account_id, (xmax = 0) as first
        )
        insert into team_daily_stats (agent_id, day, merchant_code, valid_bet, net_loss, bets, active_members)
        select t.ancestor_id, ${day}::date, ${merchantCode}, sum(m.valid_bet), sum(m.net_loss),
          sum(m.bets), count(*) filter (where up.first)
        from m join up on up.account_id = m.account_id
        join agent_tree t on t.descendant_id = m.account_id and t.depth >= 1
        group by t.ancestor_id
        on conflict (agent_id, day) do update set
          valid_bet = team_daily_stats.valid_bet + excluded.valid_bet,
          net_loss = team_daily_stats.net_loss + excluded.net_loss,
          bets = team_daily_stats.bets + excluded.bets,
          active_members = team_daily_stats.active_members + excluded.active_members`);
      await tx.execute(sql`
        with c as (
          select a.owner_id as account_id,
            coalesce(sum(p.amount) filter (where p.type = 'deposit' and a.kind = ${accountKinds.memberCash}), 0) as deposits,
            coalesce(sum(-p.amount) filter (where p.type = 'withdrawal' and a.kind = ${accountKinds.withdrawalHold}), 0) as withdrawals
          from ledger_postings p join ledger_accounts a on a.id = p.account_id
          where p.type in ('deposit', 'withdrawal') and a.merchant_code = ${merchantCode}
            and p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz
            and a.owner_id is not null
          group by a.owner_id
        ), n as (
          select id as account_id from accounts
          where merchant_code = ${merchantCode}
            and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
        ), x as (
          select coalesce(c.account_id, n.account_id) as account_id,
            coalesce(c.deposits, 0) as deposits, coalesce(c.withdrawals, 0) as withdrawals,
            (n.account_id is not null)::int as joined
          from c full join n on n.account_id = c.account_id
        )
        insert into team_daily_stats (agent_id, day, merchant_code, deposits, withdrawals, new_members)
        select t.ancestor_id, ${day}::date, ${merchantCode}, sum(x.deposits), sum(x.withdrawals), sum(x.joined)
        from x join agent_tree t on t.descendant_id = x.account_id and t.depth >= 1
        group by t.ancestor_id
        having sum(x.deposits) <> 0 or sum(x.withdrawals) <> 0 or sum(x.joined) <> 0
        on conflict (agent_id, day) do update set
          deposits = team_daily_stats.deposits + excluded.deposits,
          withdrawals = team_daily_stats.withdrawals + excluded.withdrawals,
          new_members = team_daily_stats.new_members + excluded.new_members`);
      return true;
    });
  }

  /**
   * The `agents.rollup-teams` job: every five-minute window ended (plus the grace) since the last
   * one rolled up — or, the first time, since the start of the merchant's day — in order.
   */
  async rollupDue(now = new Date()): Promise<number> {
    let rolled = 0;
    const until = new Date(now.getTime() - settleGraceMs);
    for (const merchant of await this.system.merchants()) {
      const [last] = await this.db
        .select({ end: teamRollupRuns.windowEnd })
        .from(teamRollupRuns)
        .where(eq(teamRollupRuns.merchantCode, merchant.merchantCode))
        .orderBy(desc(teamRollupRuns.windowStart))
        .limit(1);
      const from = last?.end ?? windowAt('daily', merchant.timeZone, until).start;
      for (const w of windowsBetween('realtime', merchant.timeZone, from, until, 600)) {
        if (await this.rollup(merchant.merchantCode, w)) rolled++;
      }
    }
    return rolled;
  }

  /**
   * The team overview: sizes now, and sign-ups, active players, deposits, withdrawals, valid bet
   * and the players' loss per merchant day from the daily figures (up to the last window rolled
   * up, a few minutes behind), over the days the period touches.
   */
  async teamOverview(
    me: { accountId: string; merchantCode: string },
    query: { from: string; to: string },
  ): Promise<TeamOverview> {
    const merchant = await this.merchant(me.merchantCode);
    const { from, to } = this.period(query);
    const zone = merchant.timeZone;
    const firstDay = DateTime.fromJSDate(from, { zone }).toISODate()!;
    const lastDay = DateTime.fromJSDate(new Date(to.getTime() - 1), { zone }).toISODate()!;
    const [days, [size], [active]] = await Promise.all([
      this.db
        .select()
        .from(teamDailyStats)
        .where(
          and(
            eq(teamDailyStats.agentId, me.accountId),
            gte(teamDailyStats.day, firstDay),
            sql`${teamDailyStats.day} <= ${lastDay}`,
          ),
        )
        .orderBy(teamDailyStats.day),
      this.db
        .select({
          members: sql<number>`count(*)::int`,
          agents: sql<number>`count(*) filter (where ${accounts.type} in (${sql.join(
            agentTypes.map((t) => sql`${t}`),
            sql`, `,
          )}))::int`,
        })
        .from(agentTree)
        .innerJoin(accounts, eq(accounts.id, agentTree.descendantId))
        .where(and(eq(agentTree.ancestorId, me.accountId), sql`${agentTree.depth} >= 1`)),
      // Players active over the whole period: distinct, so not a sum of the days.
      firstDay === lastDay
        ? Promise.resolve([{ n: -1 }])
        : activeOver(this.db, me.accountId, firstDay, lastDay),
    ]);
    const money = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    const sum = (pick: (d: (typeof days)[number]) => bigint) =>
      days.reduce((total, d) => total + pick(d), 0n);
    return {
      members: Number(size?.members ?? 0),
      agents: Number(size?.agents ?? 0),
      newMembers: days.reduce((n, d) => n + d.newMembers, 0),
      // One day: that day's count; several: each player once.
      activeMembers: firstDay === lastDay ? (days[0]?.activeMembers ?? 0) : Number(active?.n ?? 0),
      deposits: money(sum((d) => d.deposits)),
      withdrawals: money(sum((d) => d.withdrawals)),
      validBet: money(sum((d) => d.validBet)),
      profit: money(sum((d) => d.netLoss)),
      days: days.map((d) => ({
        day: d.day,
        newMembers: d.newMembers,
        activeMembers: d.activeMembers,
        deposits: money(d.deposits),
        withdrawals: money(d.withdrawals),
        validBet: money(d.validBet),
        profit: money(d.netLoss),
      })),
    };
  }

  private period(query: { from: string; to: string }) {
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (!(from < to) || to.getTime() - from.getTime() > 93 * 86_400_000) {
      throw new AppError('request_param_err', 'A period of at most 93 days', [
        { path: 'to', code: 'range', message: 'After from, at most 93 days later' },
      ]);
    }
    return { from, to };
  }

  /** The id of a username in my team (itself excluded), or a 404 as for no one. */
  private async teamMember(me: { accountId: string; merchantCode: string }, username: string) {
    const [row] = await this.db
      .select({ id: accounts.id })
      .from(accounts)
      .innerJoin(agentTree, eq(agentTree.descendantId, accounts.id))
      .where(
        and(
          eq(accounts.merchantCode, me.merchantCode),
          eq(accounts.usernameKey, username.trim().toLowerCase()),
          eq(agentTree.ancestorId, me.accountId),
          sql`${agentTree.depth} >= 1`,
        ),
      );
    if (!row) throw new AppError('not_found', 'No such member in your team');
    return row.id;
  }

  /** Team betting: settled bet records of my team (or of one member of it), newest first. */
  async teamBets(
    me: { accountId: string; merchantCode: string },
    query: {
      from: string;
      to: string;
      username?: string;
      gameType?: string;
      page: number;
      size: number;
    },
  ) {
    const merchant = await this.merchant(me.merchantCode);
    const { from, to } = this.period(query);
    const one = query.username ? await this.teamMember(me, query.username) : null;
    const where = sql`b.merchant_code = ${me.merchantCode} and b.status = 'settled'
      and b.settled_at >= ${from.toISOString()}::timestamptz
      and b.settled_at < ${to.toISOString()}::timestamptz
      ${query.gameType ? sql`and b.game_type = ${query.gameType}` : sql``}
      ${one ? sql`and b.account_id = ${one}` : sql`and t.ancestor_id = ${me.accountId} and t.depth >= 1`}`;
    const from_ = one
      ? sql`bet_records b`
      : sql`agent_tree t join bet_records b on b.account_id = t.descendant_id`;
    const [{ rows }, { rows: totals }] = (await Promise.all([
      this.db.execute(sql`
        select b.id, b.round_id, b.vendor_code, b.game_type, b.game_id, b.account_id,
          b.stake::text as stake, b.valid_bet::text as valid_bet, b.payout::text as payout,
          b.settled_at, a.username
        from ${from_} join accounts a on a.id = b.account_id
        where ${where}
        order by b.settled_at desc, b.id desc
        limit ${query.size + 1} offset ${(query.page - 1) * query.size}`),
      this.db.execute(sql`
        select count(*)::int as count, coalesce(sum(b.valid_bet), 0)::text as valid_bet,
          coalesce(sum(b.payout), 0)::text as payout, coalesce(sum(b.payout - b.stake), 0)::text as win_loss
        from ${from_}
        where ${where}`),
    ])) as unknown as [
      {
        rows: {
          id: string;
          round_id: string;
          vendor_code: string;
          game_type: string;
          game_id: string;
          stake: string;
          valid_bet: string;
          payout: string;
          settled_at: string | Date;
          username: string;
        }[];
      },
      { rows: { count: number; valid_bet: string; payout: string; win_loss: string }[] },
    ];
    const names = await this.gameNames(me.merchantCode);
    const money = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    const t = totals[0]!;
    return {
      list: rows.slice(0, query.size).map((r) => ({
        id: r.id,
        username: r.username,
        roundId: r.round_id,
        vendor: r.vendor_code,
        gameType: r.game_type,
        gameName: names.get(r.game_id) ?? r.game_id,
        stake: money(BigInt(r.stake)),
        validBet: money(BigInt(r.valid_bet)),
        payout: money(BigInt(r.payout)),
        winLoss: money(BigInt(r.payout) - BigInt(r.stake)),
        settledAt: new Date(r.settled_at).toISOString(),
      })),
      totals: {
        count: Number(t.count),
        validBet: money(BigInt(t.valid_bet)),
        payout: money(BigInt(t.payout)),
        winLoss: money(BigInt(t.win_loss)),
      },
      page: query.page,
      size: query.size,
      hasMore: rows.length > query.size,
    };
  }

  /**
   * User loss: each direct subordinate of me (or of an agent in my team) with the results of
   * its own line (itself and everyone below it) over the period.
   */
  async teamLoss(
    me: { accountId: string; merchantCode: string },
    query: { from: string; to: string; parentId?: string; page: number; size: number },
  ) {
    const merchant = await this.merchant(me.merchantCode);
    const { from, to } = this.period(query);
    const root = query.parentId ?? me.accountId;
    if (root !== me.accountId && !(await this.inTeam(me.accountId, root)))
      throw new AppError('not_found', 'No such subordinate');
    const { rows } = (await this.db.execute(sql`
      with direct as (
        select a.id, a.username, a.type, a.created_at from agent_tree t join accounts a on a.id = t.descendant_id
        where t.ancestor_id = ${root} and t.depth = 1
        order by a.created_at, a.id
        limit ${query.size + 1} offset ${(query.page - 1) * query.size}
      )
      select d.id, d.username, d.type,
        (select count(*) from agent_tree s where s.ancestor_id = d.id and s.depth > 0)::int as team_size,
        count(b.id)::int as bets,
        coalesce(sum(b.valid_bet), 0)::text as valid_bet,
        coalesce(sum(b.payout), 0)::text as payout,
        coalesce(sum(b.stake - b.payout), 0)::text as loss
      from direct d
      left join agent_tree l on l.ancestor_id = d.id
      left join bet_records b on b.account_id = l.descendant_id and b.status = 'settled'
        and b.settled_at >= ${from.toISOString()}::timestamptz and b.settled_at < ${to.toISOString()}::timestamptz
      group by d.id, d.username, d.type, d.created_at
      order by d.created_at, d.id`)) as {
      rows: {
        id: string;
        username: string;
        type: number;
        team_size: number;
        bets: number;
        valid_bet: string;
        payout: string;
        loss: string;
      }[];
    };
    const money = (v: string) => minorToDecimal(BigInt(v), merchant.currencyScale);
    return {
      list: rows.slice(0, query.size).map((r) => ({
        id: r.id,
        username: r.username,
        isAgent: agentTypes.includes(Number(r.type)),
        teamSize: Number(r.team_size),
        bets: Number(r.bets),
        validBet: money(r.valid_bet),
        payout: money(r.payout),
        loss: money(r.loss),
      })),
      page: query.page,
      size: query.size,
      hasMore: rows.length > query.size,
    };
  }

  /** My income: settled contract pay by kind over a period (by window start). */
  async revenue(
    me: { accountId: string; merchantCode: string },
    query: { from: string; to: string },
  ) {
    const merchant = await this.merchant(me.merchantCode);
    const { from, to } = this.period(query);
    const rows = await this.db
      .select({
        kind: agentSettlements.kind,
        windows: sql<number>`count(*)::int`,
        payout: sql<string>`coalesce(sum(${agentSettlements.payout}), 0)::text`,
      })
      .from(agentSettlements)
      .where(
        and(
          eq(agentSettlements.agentId, me.accountId),
          gte(agentSettlements.windowStart, from),
          lt(agentSettlements.windowStart, to),
        ),
      )
      .groupBy(agentSettlements.kind);
    const money = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    const byKind = (['dividend', 'daily', 'hourly', 'realtime'] as const).map((kind) => {
      const r = rows.find((x) => x.kind === kind);
      return { kind, windows: Number(r?.windows ?? 0), payout: money(BigInt(r?.payout ?? '0')) };
    });
    return {
      byKind,
      total: money(rows.reduce((sum, r) => sum + BigInt(r.payout), 0n)),
    };
  }

  /** `ODSFE2_MemTransDet`: money movements on my team's members' main wallets. */
  async teamTransactions(
    me: { accountId: string; merchantCode: string },
    query: {
      subordinateName?: string;
      startTime: number;
      endTime: number;
      txTypeIds?: string;
      page: number;
      size: number;
    },
  ) {
    const merchant = await this.merchant(me.merchantCode);
    const { from, to } = this.period({
      from: new Date(query.startTime).toISOString(),
      to: new Date(query.endTime).toISOString(),
    });
    const one = query.subordinateName ? await this.teamMember(me, query.subordinateName) : null;
    const types = (query.txTypeIds ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter((x) => /^[a-z_]{1,40}$/.test(x));
    const { rows } = (await this.db.execute(sql`
      select a.username, p.created_at, p.amount::text as amount, p.type, e.memo
      from ${one ? sql`accounts a` : sql`agent_tree t join accounts a on a.id = t.descendant_id`}
      join ledger_accounts l on l.owner_id = a.id and l.kind = ${accountKinds.memberCash}
      join ledger_postings p on p.account_id = l.id
      join ledger_entries e on e.id = p.entry_id
      where ${one ? sql`a.id = ${one}` : sql`t.ancestor_id = ${me.accountId} and t.depth >= 1`}
        and p.created_at >= ${from.toISOString()}::timestamptz
        and p.created_at < ${to.toISOString()}::timestamptz
        ${
          types.length
            ? sql`and p.type in (${sql.join(
                types.map((x) => sql`${x}`),
                sql`, `,
              )})`
            : sql``
        }
      order by p.created_at desc, p.id desc
      limit ${query.size + 1} offset ${(query.page - 1) * query.size}`)) as {
      rows: {
        username: string;
        created_at: string | Date;
        amount: string;
        type: string;
        memo: string | null;
      }[];
    };
    return {
      list: rows.slice(0, query.size).map((r) => ({
        username: r.username,
        txTimeInTimestamp: new Date(r.created_at).getTime(),
        amount: minorToDecimal(BigInt(r.amount), merchant.currencyScale),
        remark: r.memo,
        txTypeId: r.type,
      })),
      page: query.page,
      size: query.size,
      hasMore: rows.length > query.size,
    };
  }

  /** My invitation code (agents get one when created; older accounts get one now). */
  async invitation(me: { accountId: string }) {
    const [row] = await this.db
      .select({ code: accounts.referralCode })
      .from(accounts)
      .where(eq(accounts.id, me.accountId));
    if (row?.code) return { code: row.code };
    const code = randomBytes(5).toString('hex').toUpperCase();
    const [updated] = await this.db
      .update(accounts)
      .set({ referralCode: code })
      .where(and(eq(accounts.id, me.accountId), isNull(accounts.referralCode)))
      .returning({ code: accounts.referralCode });
    if (updated?.code) return { code: updated.code };
    const [again] = await this.db
      .select({ code: accounts.referralCode })
      .from(accounts)
      .where(eq(accounts.id, me.accountId));
    return { code: again!.code! };
  }

  // ---- downlines ----

  /** `ODSFE2_subordinateSimple`: direct subordinates, or the whole team searched by name. */
  async subordinates(
    me: { accountId: string; merchantCode: string },
    query: {
      subordinateType: 'SELF' | 'DIRECT';
      subordinateName?: string;
      parentId?: string;
      page: number;
      size: number;
    },
  ) {
    const root = query.parentId ?? me.accountId;
    // Browsing below another account: it must be in my team (else it does not exist for me).
    if (root !== me.accountId && !(await this.inTeam(me.accountId, root)))
      throw new AppError('not_found', 'No such subordinate');
    const merchant = await this.merchant(me.merchantCode);
    const name = query.subordinateName?.trim();
    const { rows } = (await this.db.execute(sql`
      select a.id, a.username, a.nickname, a.type, a.parent_id, a.created_at, t.depth,
        (select count(*) from agent_tree s where s.ancestor_id = a.id and s.depth > 0)::int as team_size,
        coalesce((select l.balance from ledger_accounts l
          where l.owner_id = a.id and l.kind = ${accountKinds.memberCash}
            and l.merchant_code = a.merchant_code and l.currency = ${merchant.currency}), 0)::text as balance
      from agent_tree t
      join accounts a on a.id = t.descendant_id
      where t.ancestor_id = ${root}
        and ${query.subordinateType === 'DIRECT' ? sql`t.depth = 1` : sql`t.depth >= 1`}
        ${name ? sql`and a.username_key like ${`${name.toLowerCase().replace(/[%_\\]/g, '')}%`}` : sql``}
      order by t.depth, a.created_at, a.id
      limit ${query.size + 1} offset ${(query.page - 1) * query.size}`)) as {
      rows: {
        id: string;
        username: string;
        nickname: string | null;
        type: number;
        parent_id: string | null;
        created_at: string | Date;
        depth: number;
        team_size: number;
        balance: string;
      }[];
    };
    return {
      list: rows.slice(0, query.size).map((r) => ({
        id: r.id,
        username: r.username,
        nickname: r.nickname,
        type: Number(r.type),
        isAgent: agentTypes.includes(Number(r.type)),
        parentId: r.parent_id,
        depth: Number(r.depth),
        teamSize: Number(r.team_size),
        balance: minorToDecimal(BigInt(r.balance), merchant.currencyScale),
        registeredAt: new Date(r.created_at).toISOString(),
      })),
      page: query.page,
      size: query.size,
      hasMore: rows.length > query.size,
    };
  }

  /** The register centre: a new member or agent directly under me. */
  async createDownline(
    me: { accountId: string; merchantCode: string },
    body: { username: string; password: string; type: 0 | 1; nickname?: string },
  ) {
    const row = await this.identity.createDownline(me.merchantCode, me.accountId, body);
    return { id: row.id, username: row.username, type: row.type, referralCode: row.referralCode };
  }
}

/** Team members with a settled bet on any day of a range, counted once. */
function activeOver(db: Db, agentId: string, firstDay: string, lastDay: string) {
  return db
    .select({ n: sql<number>`count(distinct ${memberDailyStats.accountId})::int` })
    .from(memberDailyStats)
    .innerJoin(agentTree, eq(agentTree.descendantId, memberDailyStats.accountId))
    .where(
      and(
        eq(agentTree.ancestorId, agentId),
        sql`${agentTree.depth} >= 1`,
        gte(memberDailyStats.day, firstDay),
        sql`${memberDailyStats.day} <= ${lastDay}`,
      ),
    );
}
