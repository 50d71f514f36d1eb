import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  parseAmount,
  type MemberVip,
  type OpsVipLevelBody,
  type OpsVipLevelList,
  type VipBenefits,
  type VipLevel,
  type VipLevelList,
} from '@taya/contracts';
import type { Db, Tx } from '../../platform/db';
import { AppError, fieldError } from '../../platform/errors';
import { pickText } from '../../platform/localised';
import { vipUncountedRecords } from '../reports';
import type { SystemService } from '../system';
import { vipLevels, vipProgress, vipUpgrades } from './schema';

type LevelRow = typeof vipLevels.$inferSelect;

/**
 * Records committed this long after the time they carry (a long settling transaction) are still
 * found: each run looks back this far behind its cursor and skips what it has counted already.
 */
const lookbackMs = 60 * 60 * 1000;
/** Records folded per statement; a run repeats until a source has nothing new. */
const defaultBatch = 2_000;
/** Levels are read often and change rarely. */
const levelsTtlMs = 30_000;

interface Total {
  account_id: string;
  valid_bet: string;
  deposits: string;
  rank_level: number;
}

export interface FoldResult {
  bets: number;
  deposits: number;
  upgrades: number;
}

/** The highest rank whose thresholds both totals meet (rank 0 needs nothing it does not set). */
export function reachedRank(levels: LevelRow[], validBet: bigint, deposits: bigint): number {
  let rank = 0;
  for (const l of levels) {
    if (validBet >= l.validBetThreshold && deposits >= l.depositThreshold && l.rankLevel > rank)
      rank = l.rankLevel;
  }
  return rank;
}

function percent(value: bigint, target: bigint | null): number {
  if (target === null || target <= 0n || value >= target) return 100;
  return Number((value * 100n) / target);
}

/**
 * VIP ranks (SPEC §1, §3 public state): each merchant's ladder, each member's cumulative valid
 * bet and credited deposits, and the rank they reached. Ranks never drop; every rank passed is
 * recorded once in vip_upgrades for the upgrade bonus.
 */
export class VipService {
  private readonly cache = new Map<string, { loadedAt: number; levels: LevelRow[] }>();

  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
  ) {}

  /** A merchant's levels, lowest rank first. */
  async levels(merchantCode: string): Promise<LevelRow[]> {
    const cached = this.cache.get(merchantCode);
    if (cached && Date.now() - cached.loadedAt < levelsTtlMs) return cached.levels;
    const levels = await this.db
      .select()
      .from(vipLevels)
      .where(eq(vipLevels.merchantCode, merchantCode))
      .orderBy(asc(vipLevels.rankLevel));
    this.cache.set(merchantCode, { loadedAt: Date.now(), levels });
    return levels;
  }

  private view(level: LevelRow, language: string, scale: number): VipLevel {
    return {
      rankLevel: level.rankLevel,
      labelName: pickText(level.label, language),
      validBetThreshold: minorToDecimal(level.validBetThreshold, scale),
      depositThreshold: minorToDecimal(level.depositThreshold, scale),
      benefits: this.benefits(level, scale),
    };
  }

  private benefits(level: LevelRow, scale: number): VipBenefits {
    return {
      rebateRateBps: level.rebateRateBps,
      rebateRatesBps: level.rebateRatesBps,
      dailyWithdrawCount: level.dailyWithdrawCount,
      dailyWithdrawAmount:
        level.dailyWithdrawAmount === null
          ? null
          : minorToDecimal(level.dailyWithdrawAmount, scale),
      upgradeBonus: minorToDecimal(level.upgradeBonus, scale),
    };
  }

  /** GET /ops/vip/levels: a merchant's ladder with every language of each label. */
  async opsLevels(merchantCode: string): Promise<OpsVipLevelList> {
    const merchant = await this.system.namedMerchant(merchantCode);
    const rows = await this.db
      .select()
      .from(vipLevels)
      .where(eq(vipLevels.merchantCode, merchant.merchantCode))
      .orderBy(asc(vipLevels.rankLevel));
    return {
      currency: merchant.currency,
      list: rows.map((l) => ({
        rankLevel: l.rankLevel,
        label: l.label,
        validBetThreshold: minorToDecimal(l.validBetThreshold, merchant.currencyScale),
        depositThreshold: minorToDecimal(l.depositThreshold, merchant.currencyScale),
        benefits: this.benefits(l, merchant.currencyScale),
        updatedBy: l.updatedBy,
        updatedAt: l.updatedAt.toISOString(),
      })),
    };
  }

  /** PUT /ops/vip/levels/:rankLevel: creates or replaces one rank; the old row is returned. */
  async saveLevel(
    actor: string,
    rankLevel: number,
    body: OpsVipLevelBody,
  ): Promise<{ before: LevelRow | null; after: LevelRow }> {
    const merchant = await this.system.namedMerchant(body.merchantCode);
    const scale = merchant.currencyScale;
    const money = (text: string, field: string) => {
      const minor = parseAmount(text, scale);
      if (minor === null) throw fieldError(field, 'invalid', `At most ${scale} decimals`);
      return minor;
    };
    const values = {
      label: body.label,
      validBetThreshold: money(body.validBetThreshold, 'validBetThreshold'),
      depositThreshold: money(body.depositThreshold, 'depositThreshold'),
      rebateRateBps: body.rebateRateBps,
      rebateRatesBps: body.rebateRatesBps,
      dailyWithdrawCount: body.dailyWithdrawCount,
      dailyWithdrawAmount:
        body.dailyWithdrawAmount === null
          ? null
          : money(body.dailyWithdrawAmount, 'dailyWithdrawAmount'),
      upgradeBonus: money(body.upgradeBonus, 'upgradeBonus'),
      updatedBy: actor,
      updatedAt: new Date(),
    };
    const result = await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(vipLevels)
        .where(
          and(
            eq(vipLevels.merchantCode, merchant.merchantCode),
            eq(vipLevels.rankLevel, rankLevel),
          ),
        )
        .for('update');
      const [after] = await tx
        .insert(vipLevels)
        .values({ merchantCode: merchant.merchantCode, rankLevel, ...values })
        .onConflictDoUpdate({ target: [vipLevels.merchantCode, vipLevels.rankLevel], set: values })
        .returning();
      return { before: before ?? null, after: after! };
    });
    this.cache.delete(merchant.merchantCode);
    return result;
  }

  /** GET /wps/vip/levels: the ladder of the caller's merchant. */
  async levelList(merchantHeader: string | undefined, language?: string): Promise<VipLevelList> {
    const merchant = await this.system.merchantFor(merchantHeader, undefined);
    const lang = (language ?? merchant.defaultLanguage).toLowerCase();
    const levels = await this.levels(merchant.merchantCode);
    return {
      currency: merchant.currency,
      levels: levels.map((l) => this.view(l, lang, merchant.currencyScale)),
    };
  }

  /** A member's totals and rank (rank 0 and nothing counted before the first fold). */
  async progressOf(accountId: string) {
    const [row] = await this.db
      .select()
      .from(vipProgress)
      .where(eq(vipProgress.accountId, accountId));
    return {
      validBet: row?.validBet ?? 0n,
      deposits: row?.deposits ?? 0n,
      rankLevel: row?.rankLevel ?? 0,
    };
  }

  /** A member's current level row, for other modules (rebate rate, withdrawal limits). */
  async levelOf(merchantCode: string, accountId: string): Promise<LevelRow | null> {
    const { rankLevel } = await this.progressOf(accountId);
    const levels = await this.levels(merchantCode);
    return levels.find((l) => l.rankLevel === rankLevel) ?? null;
  }

  /** GET /wps/member/vip: the caller's own rank, benefits and progress toward the next rank. */
  async memberVip(merchantCode: string, accountId: string, language?: string): Promise<MemberVip> {
    const merchant = await this.system.merchantFor(merchantCode, undefined);
    if (merchant.merchantCode !== merchantCode) throw new AppError('user.or.token.invalid');
    const lang = (language ?? merchant.defaultLanguage).toLowerCase();
    const scale = merchant.currencyScale;
    const [levels, progress] = await Promise.all([
      this.levels(merchantCode),
      this.progressOf(accountId),
    ]);
    const level = levels.find((l) => l.rankLevel === progress.rankLevel) ?? null;
    const next = levels.find((l) => l.rankLevel > progress.rankLevel) ?? null;
    return {
      hasVip: level !== null && level.rankLevel > 0,
      vipLabelName: level ? pickText(level.label, lang) : null,
      vipRankLevel: progress.rankLevel,
      level: level ? this.view(level, lang, scale) : null,
      nextLevel: next ? this.view(next, lang, scale) : null,
      progress: {
        validBet: minorToDecimal(progress.validBet, scale),
        deposits: minorToDecimal(progress.deposits, scale),
        nextValidBet: next ? minorToDecimal(next.validBetThreshold, scale) : null,
        nextDeposits: next ? minorToDecimal(next.depositThreshold, scale) : null,
        validBetPercent: percent(progress.validBet, next?.validBetThreshold ?? null),
        depositsPercent: percent(progress.deposits, next?.depositThreshold ?? null),
      },
      benefits: level ? this.benefits(level, scale) : null,
    };
  }

  /**
   * The label member info shows beside the name, in the merchant's language: a member's rank once
   * above 0 (hasVip), else null.
   */
  async clubLabel(merchantCode: string, accountId: string): Promise<string | null> {
    const merchant = await this.system.merchantFor(merchantCode, undefined);
    if (merchant.merchantCode !== merchantCode) return null;
    const level = await this.levelOf(merchantCode, accountId);
    if (!level || level.rankLevel === 0) return null;
    return pickText(level.label, merchant.defaultLanguage.toLowerCase());
  }

  /** Ranks a member passed, oldest first (the promotions engine pays each upgrade bonus once). */
  async upgradesOf(accountId: string) {
    return this.db
      .select()
      .from(vipUpgrades)
      .where(eq(vipUpgrades.accountId, accountId))
      .orderBy(asc(vipUpgrades.toLevel));
  }

  /**
   * The `vip.progress` job: folds settled bet records and credited deposits not yet counted into
   * each member's totals, then raises ranks. Each record is marked in vip_counted in the same
   * transaction that adds it, so a re-run or a second node adds nothing twice.
   */
  async foldProgress(options: { batchSize?: number } = {}): Promise<FoldResult> {
    const batch = options.batchSize ?? defaultBatch;
    const result: FoldResult = { bets: 0, deposits: 0, upgrades: 0 };
    for (const merchant of await this.system.merchants()) {
      for (const source of ['bet', 'deposit'] as const) {
        for (;;) {
          const r = await this.db.transaction((tx) =>
            this.foldBatch(tx, merchant.merchantCode, source, batch),
          );
          result[source === 'bet' ? 'bets' : 'deposits'] += r.counted;
          result.upgrades += r.upgrades;
          if (r.picked < batch) break;
        }
      }
    }
    return result;
  }

  private async foldBatch(
    tx: Tx,
    merchantCode: string,
    source: 'bet' | 'deposit',
    batch: number,
  ): Promise<{ picked: number; counted: number; upgrades: number }> {
    const { rows: cursors } = (await tx.execute(sql`
      select read_to from vip_cursors
      where source = ${source} and merchant_code = ${merchantCode}`)) as {
      rows: { read_to: string | Date }[];
    };
    const cursor = cursors[0];
    const from = cursor
      ? new Date(new Date(cursor.read_to).getTime() - lookbackMs).toISOString()
      : '-infinity';
    // The records come from their owners' tables through reports/; this module writes only its own.
    const picked = await vipUncountedRecords(tx, source, merchantCode, from, batch);
    const column = source === 'bet' ? sql.raw('valid_bet') : sql.raw('deposits');
    const { rows } = (await tx.execute(sql`
      with picked as (
        select * from json_to_recordset(${JSON.stringify(picked)}::json)
          as p(id text, account_id text, amount bigint, at timestamptz)
      ),
      marked as (
        insert into vip_counted (source, record_id)
        select ${source}, id from picked
        on conflict do nothing
        returning record_id
      ),
      sums as (
        select p.account_id, sum(p.amount) as amount
        from picked p join marked m on m.record_id = p.id
        group by p.account_id
      ),
      totals as (
        insert into vip_progress as v (account_id, merchant_code, ${column})
        select account_id, ${merchantCode}, amount from sums
        on conflict (account_id) do update
          set ${column} = v.${column} + excluded.${column}, updated_at = now()
        returning v.account_id, v.valid_bet::text, v.deposits::text, v.rank_level
      )
      select
        (select count(*)::int from picked) as picked,
        (select count(*)::int from marked) as counted,
        (select max(at) from picked) as read_to,
        coalesce((select json_agg(totals) from totals), '[]'::json) as totals`)) as {
      rows: {
        picked: number;
        counted: number;
        read_to: string | Date | null;
        totals: string | Total[];
      }[];
    };
    const row = rows[0]!;
    if (row.read_to !== null) {
      const readTo = new Date(row.read_to).toISOString();
      await tx.execute(sql`
        insert into vip_cursors (source, merchant_code, read_to)
        values (${source}, ${merchantCode}, ${readTo}::timestamptz)
        on conflict (source, merchant_code) do update
          set read_to = greatest(vip_cursors.read_to, excluded.read_to)`);
    }
    const totals: Total[] =
      typeof row.totals === 'string' ? (JSON.parse(row.totals) as Total[]) : row.totals;
    const upgrades = await this.raise(tx, merchantCode, totals);
    return { picked: row.picked, counted: row.counted, upgrades };
  }

  /** Raises the rank of members whose new totals meet a higher level; records each rank passed. */
  private async raise(tx: Tx, merchantCode: string, totals: Total[]): Promise<number> {
    if (totals.length === 0) return 0;
    const levels = await tx
      .select()
      .from(vipLevels)
      .where(eq(vipLevels.merchantCode, merchantCode))
      .orderBy(asc(vipLevels.rankLevel));
    const upgrades: (typeof vipUpgrades.$inferInsert)[] = [];
    const raised = new Map<number, string[]>();
    for (const t of totals) {
      const to = reachedRank(levels, BigInt(t.valid_bet), BigInt(t.deposits));
      if (to <= t.rank_level) continue;
      let from = t.rank_level;
      for (const l of levels) {
        if (l.rankLevel <= t.rank_level || l.rankLevel > to) continue;
        upgrades.push({
          id: randomUUID(),
          merchantCode,
          accountId: t.account_id,
          fromLevel: from,
          toLevel: l.rankLevel,
        });
        from = l.rankLevel;
      }
      raised.set(to, [...(raised.get(to) ?? []), t.account_id]);
    }
    for (const [to, accountIds] of raised) {
      await tx
        .update(vipProgress)
        .set({ rankLevel: sql`greatest(${vipProgress.rankLevel}, ${to})`, updatedAt: new Date() })
        .where(inArray(vipProgress.accountId, accountIds));
    }
    if (upgrades.length === 0) return 0;
    const inserted = await tx
      .insert(vipUpgrades)
      .values(upgrades)
      .onConflictDoNothing()
      .returning({ id: vipUpgrades.id });
    return inserted.length;
  }
}
