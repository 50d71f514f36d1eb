import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  parseAmount,
  type MerchantInfo,
  type MissionItem,
  type MissionPeriod,
  type MissionState,
  type MissionTask,
  type MissionUpsert,
} from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, fieldError } from '../../platform/errors';
import { pickText } from '../../platform/localised';
import type { Member } from '../../platform/principal';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import { holdReward } from '../cashier';
import { missionActivity, missionLeaderboard } from '../reports';
import { missionClaims, missions } from './schema';
import {
  isAmountTask,
  leaderboardSize,
  periodWindow,
  progressOf,
  stateOf,
  type Activity,
  type ClaimRow,
  type MissionRow,
  type PeriodWindow,
} from './rules';

export {
  leaderboardSize,
  periodWindow,
  progressOf,
  stateOf,
  type Activity,
  type MissionRow,
  type PeriodWindow,
} from './rules';

/**
 * Daily and weekly missions: progress counted from the member's settled bets and credited
 * deposits in the merchant's current local period, rewards paid once per period through the
 * ledger into the bonus balance (with turnover) within the mission's budget, and a leaderboard of
 * the period's valid bet.
 */
export class MissionsService {
  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly wallet: WalletService,
    /** Masks a member's name for the leaderboard (the games' winner masking). */
    private readonly mask: (name: string) => string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private async merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  // ---- operator ----

  async upsert(actor: string, body: MissionUpsert): Promise<{ id: string; created: boolean }> {
    const merchant = await this.system.namedMerchant(body.merchantCode);
    const scale = merchant.currencyScale;
    const money = (text: string, field: string) => {
      const v = parseAmount(text, scale);
      if (v === null) throw fieldError(field, 'invalid', `At most ${scale} decimals`);
      return v;
    };
    const target = isAmountTask(body.task) ? money(body.target, 'target') : BigInt(body.target);
    const reward = money(body.reward, 'reward');
    if (target <= 0n) throw fieldError('target', 'invalid', 'Must be above zero');
    if (reward <= 0n) throw fieldError('reward', 'invalid', 'Must be above zero');
    const budget = body.budget === null ? null : money(body.budget, 'budget');
    const values = {
      merchantCode: merchant.merchantCode,
      period: body.period,
      task: body.task,
      gameTypes: [...new Set(body.gameTypes)].sort(),
      target,
      reward,
      turnoverMultipleTenths: body.turnoverMultipleTenths,
      title: body.title,
      description: body.description,
      budget,
      enabled: body.enabled,
      sort: body.sort,
    };
    if (!body.id) {
      const id = randomUUID();
      await this.db.insert(missions).values({ id, ...values, createdBy: actor });
      return { id, created: true };
    }
    const id = body.id;
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(missions).where(eq(missions.id, id)).for('update');
      if (!current || current.merchantCode !== merchant.merchantCode) {
        throw new AppError('not_found', 'No such mission');
      }
      if (budget !== null && budget < current.spent) {
        throw fieldError('budget', 'invalid', 'Below what the mission has already paid');
      }
      await tx
        .update(missions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(missions.id, id));
      return { id, created: false };
    });
  }

  /** A merchant's missions for its operators, with what each has paid and how often. */
  async opsList(merchantCode: string) {
    const merchant = await this.system.namedMerchant(merchantCode);
    const rows = await this.db
      .select()
      .from(missions)
      .where(eq(missions.merchantCode, merchantCode))
      .orderBy(asc(missions.sort), asc(missions.createdAt), asc(missions.id));
    const counts = await this.db
      .select({ missionId: missionClaims.missionId, n: sql<number>`count(*)::int` })
      .from(missionClaims)
      .where(eq(missionClaims.merchantCode, merchantCode))
      .groupBy(missionClaims.missionId);
    const scale = merchant.currencyScale;
    return {
      list: rows.map((r) => ({
        id: r.id,
        period: r.period,
        task: r.task,
        gameTypes: r.gameTypes,
        title: r.title,
        description: r.description,
        target: isAmountTask(r.task) ? minorToDecimal(r.target, scale) : r.target.toString(),
        reward: minorToDecimal(r.reward, scale),
        turnoverMultipleTenths: r.turnoverMultipleTenths,
        budget: r.budget === null ? null : minorToDecimal(r.budget, scale),
        spent: minorToDecimal(r.spent, scale),
        claims: counts.find((c) => c.missionId === r.id)?.n ?? 0,
        enabled: r.enabled,
        sort: r.sort,
      })),
    };
  }

  // ---- members ----

  private async enabledMissions(merchantCode: string) {
    return this.db
      .select()
      .from(missions)
      .where(and(eq(missions.merchantCode, merchantCode), eq(missions.enabled, true)))
      .orderBy(asc(missions.sort), asc(missions.createdAt), asc(missions.id));
  }

  /** What `accountId` did in [start, end): settled bets by game type, credited deposits. */
  private activity(db: DbOrTx, member: Member, window: PeriodWindow): Promise<Activity> {
    return missionActivity(db, member, window);
  }

  /** Each enabled mission with the member's progress and state in its current period. */
  private async standings(member: Member, merchant: MerchantInfo, rows: MissionRow[], now: Date) {
    const windows = {
      daily: periodWindow('daily', merchant.timeZone, now),
      weekly: periodWindow('weekly', merchant.timeZone, now),
    };
    const activities = new Map<MissionPeriod, Activity>();
    for (const period of ['daily', 'weekly'] as const) {
      if (rows.some((r) => r.period === period)) {
        activities.set(period, await this.activity(this.db, member, windows[period]));
      }
    }
    const claims =
      rows.length === 0
        ? []
        : await this.db
            .select({ missionId: missionClaims.missionId, periodKey: missionClaims.periodKey })
            .from(missionClaims)
            .where(
              and(
                eq(missionClaims.accountId, member.accountId),
                inArray(
                  missionClaims.missionId,
                  rows.map((r) => r.id),
                ),
                inArray(missionClaims.periodKey, [windows.daily.key, windows.weekly.key]),
              ),
            );
    return rows.map((r) => {
      const window = windows[r.period];
      const progress = progressOf(r, activities.get(r.period)!);
      const claimed = claims.some((c) => c.missionId === r.id && c.periodKey === window.key);
      return { mission: r, window, progress, state: stateOf(r, progress, claimed) };
    });
  }

  /** The merchant's enabled missions; for a member, with progress and state (visitor: null). */
  async list(
    merchantCode: string | undefined,
    member: Member | null,
    query: { language?: string | undefined },
  ) {
    const merchant = await this.merchant(member?.merchantCode ?? merchantCode);
    const rows = await this.enabledMissions(merchant.merchantCode);
    const now = this.clock();
    const language = (query.language ?? merchant.defaultLanguage).toLowerCase();
    const scale = merchant.currencyScale;
    const show = (task: MissionTask, v: bigint) =>
      isAmountTask(task) ? minorToDecimal(v, scale) : v.toString();
    const standings = member ? await this.standings(member, merchant, rows, now) : null;
    const list: MissionItem[] = rows.map((r, i) => {
      const window = periodWindow(r.period, merchant.timeZone, now);
      const mine = standings?.[i];
      return {
        id: r.id,
        period: r.period,
        task: r.task,
        gameTypes: r.gameTypes,
        title: pickText(r.title, language),
        description: pickText(r.description, language),
        target: show(r.task, r.target),
        reward: minorToDecimal(r.reward, scale),
        turnoverMultipleTenths: r.turnoverMultipleTenths,
        currency: merchant.currency,
        periodKey: window.key,
        periodStartsAt: window.start.toISOString(),
        periodEndsAt: window.end.toISOString(),
        progress: mine ? show(r.task, mine.progress) : null,
        state: mine?.state ?? null,
      };
    });
    return { list, now: now.toISOString() };
  }

  /** The mission summary: how many missions wait to be claimed (the red badge), and the rest. */
  async summary(member: Member) {
    const merchant = await this.merchant(member.merchantCode);
    const rows = await this.enabledMissions(merchant.merchantCode);
    const standings = await this.standings(member, merchant, rows, this.clock());
    const count = (state: MissionState) => standings.filter((s) => s.state === state).length;
    return {
      claimable: count('claimable'),
      inProgress: count('in_progress'),
      claimed: count('claimed'),
    };
  }

  private claimAnswer(claim: ClaimRow, scale: number, replayed: boolean) {
    return {
      claimId: claim.id,
      missionId: claim.missionId,
      periodKey: claim.periodKey,
      amount: minorToDecimal(claim.amount, scale),
      turnoverAdded: minorToDecimal(claim.turnover, scale),
      replayed,
    };
  }

  private async claimByRequest(db: DbOrTx, missionId: string, accountId: string, req: string) {
    const [row] = await db
      .select()
      .from(missionClaims)
      .where(
        and(
          eq(missionClaims.missionId, missionId),
          eq(missionClaims.accountId, accountId),
          eq(missionClaims.requestId, req),
        ),
      );
    return row;
  }

  /**
   * A member claims a completed mission's reward for the current period. The mission's row is
   * locked while the progress is counted again and the money moves, so concurrent claims never
   * pass the budget and a period pays once; the same requestId answers the same claim.
   */
  async claim(member: Member, missionId: string, requestId: string) {
    const merchant = await this.merchant(member.merchantCode);
    const scale = merchant.currencyScale;
    const earlier = await this.claimByRequest(this.db, missionId, member.accountId, requestId);
    if (earlier) return this.claimAnswer(earlier, scale, true);
    const now = this.clock();
    const outcome = await this.db.transaction(async (tx) => {
      const [mission] = await tx
        .select()
        .from(missions)
        .where(
          and(
            eq(missions.id, missionId),
            eq(missions.merchantCode, merchant.merchantCode),
            eq(missions.enabled, true),
          ),
        )
        .for('update');
      if (!mission) throw new AppError('not_found', 'No such mission');
      const again = await this.claimByRequest(tx, missionId, member.accountId, requestId);
      if (again) return { claim: again, replayed: true };
      const window = periodWindow(mission.period, merchant.timeZone, now);
      const [done] = await tx
        .select({ id: missionClaims.id })
        .from(missionClaims)
        .where(
          and(
            eq(missionClaims.missionId, missionId),
            eq(missionClaims.accountId, member.accountId),
            eq(missionClaims.periodKey, window.key),
          ),
        );
      const progress = progressOf(mission, await this.activity(tx, member, window));
      const state = stateOf(mission, progress, done !== undefined);
      if (state !== 'claimable') {
        throw new AppError('conflict', 'This mission cannot be claimed now', undefined, {
          state,
          reason: { claimed: 'already_claimed', closed: 'budget_spent', in_progress: 'not_done' }[
            state
          ],
        });
      }
      return {
        claim: await this.pay(tx, merchant, mission, member, window, requestId),
        replayed: false,
      };
    });
    return this.claimAnswer(outcome.claim, scale, outcome.replayed);
  }

  /**
   * Pays a claim inside `tx`, whose caller holds the mission row's lock: the ledger entry from
   * the bonus-expense account into the member's bonus balance, the claim, the spent budget and
   * the turnover requirement, together.
   */
  private async pay(
    tx: DbOrTx,
    merchant: MerchantInfo,
    mission: MissionRow,
    member: Member,
    window: PeriodWindow,
    requestId: string,
  ): Promise<ClaimRow> {
    const amount = mission.reward;
    const posted = await this.wallet.grant(tx, {
      merchantCode: merchant.merchantCode,
      currency: merchant.currency,
      player: member.accountId,
      amount,
      to: 'bonus',
      from: 'bonus_expense:missions',
      type: 'mission_reward',
      key: `mission:${mission.id}:${member.accountId}:${window.key}`,
      actor: member.accountId,
      reference: mission.id,
      metadata: { missionId: mission.id, periodKey: window.key },
    });
    const id = randomUUID();
    const turnover = (amount * BigInt(mission.turnoverMultipleTenths)) / 10n;
    const [row] = await tx
      .insert(missionClaims)
      .values({
        id,
        missionId: mission.id,
        merchantCode: merchant.merchantCode,
        accountId: member.accountId,
        periodKey: window.key,
        requestId,
        amount,
        turnover,
        entryId: posted.entryId,
      })
      .returning();
    await tx
      .update(missions)
      .set({ spent: sql`${missions.spent} + ${amount}` })
      .where(eq(missions.id, mission.id));
    await holdReward(tx, this.wallet, {
      merchant,
      accountId: member.accountId,
      sourceId: id,
      amount,
      required: turnover,
      paidInto: 'bonus',
    });
    return row!;
  }

  /** Mission rewards by claim id (the mission's title, the amount), for the list of bonuses. */
  async rewardsPaid(
    claimIds: string[],
    language: string,
  ): Promise<Map<string, { title: string; amount: bigint }>> {
    if (claimIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: missionClaims.id, title: missions.title, amount: missionClaims.amount })
      .from(missionClaims)
      .innerJoin(missions, eq(missions.id, missionClaims.missionId))
      .where(inArray(missionClaims.id, claimIds));
    return new Map(
      rows.map((r) => [r.id, { title: pickText(r.title, language), amount: r.amount }]),
    );
  }

  // ---- leaderboard ----

  /**
   * The period's leaderboard: the merchant's members ranked by settled valid bet in the current
   * local day or week, on the game types the period's enabled bet missions count (every game
   * type when none lists any). Ties share a rank; names are masked. One aggregate over the
   * merchant's settled bets of the period (the stream's settled-time index), nothing cached.
   */
  async leaderboard(
    merchantCode: string | undefined,
    member: Member | null,
    period: MissionPeriod,
  ) {
    const merchant = await this.merchant(member?.merchantCode ?? merchantCode);
    const window = periodWindow(period, merchant.timeZone, this.clock());
    const betMissions = (await this.enabledMissions(merchant.merchantCode)).filter(
      (m) => m.period === period && m.task.startsWith('bet_'),
    );
    const gameTypes = betMissions.some((m) => m.gameTypes.length === 0)
      ? []
      : [...new Set(betMissions.flatMap((m) => m.gameTypes))].sort();
    const { top, mine } = await missionLeaderboard(
      this.db,
      merchant.merchantCode,
      window,
      gameTypes,
      leaderboardSize,
      member?.accountId ?? null,
    );
    let me: { rank: number | null; validBet: string } | null = null;
    if (member) {
      me = mine
        ? {
            rank: mine.rank,
            validBet: minorToDecimal(BigInt(mine.validBet), merchant.currencyScale),
          }
        : { rank: null, validBet: minorToDecimal(0n, merchant.currencyScale) };
    }
    return {
      period,
      periodKey: window.key,
      periodStartsAt: window.start.toISOString(),
      periodEndsAt: window.end.toISOString(),
      currency: merchant.currency,
      gameTypes,
      list: top.map((r) => ({
        rank: r.rank,
        name: this.mask(r.username),
        validBet: minorToDecimal(BigInt(r.validBet), merchant.currencyScale),
      })),
      me,
    };
  }
}
