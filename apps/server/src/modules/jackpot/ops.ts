import { asc, eq } from 'drizzle-orm';
import { minorToDecimal, parseAmount, type OpsJackpotPoolPatch } from '@taya/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SystemService } from '../system';
import { jackpotPools } from './schema';
import type { JackpotService } from './service';

type PoolRow = typeof jackpotPools.$inferSelect;

/** The operator console's jackpot pools: list with current values, and their settings. */
export class JackpotOps {
  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly jackpot: JackpotService,
  ) {}

  private async view(pool: PoolRow) {
    const { currencyScale } = await this.system.merchantFor(pool.merchantCode, undefined);
    const money = (v: bigint) => minorToDecimal(v, currencyScale);
    return {
      id: pool.id,
      merchantCode: pool.merchantCode,
      currency: pool.currency,
      names: pool.names,
      vendorCodes: pool.vendorCodes,
      contributionBps: pool.contributionBps,
      seed: money(pool.seed),
      hitOdds: money(pool.hitOdds),
      status: pool.status,
      value: money(await this.jackpot.value(pool)),
    };
  }

  async pools(merchantCode: string) {
    const rows = await this.db
      .select()
      .from(jackpotPools)
      .where(eq(jackpotPools.merchantCode, merchantCode))
      .orderBy(asc(jackpotPools.createdAt), asc(jackpotPools.id));
    return { list: await Promise.all(rows.map((r) => this.view(r))) };
  }

  /** A pool by id (any merchant: the route checks the scope), or a 404. */
  async pool(id: string) {
    const [row] = await this.db.select().from(jackpotPools).where(eq(jackpotPools.id, id));
    if (!row) throw new AppError('not_found', 'No such jackpot pool');
    return row;
  }

  /** Changes a pool's settings; its view before and after. */
  async patch(id: string, patch: OpsJackpotPoolPatch) {
    const current = await this.pool(id);
    const { currencyScale } = await this.system.merchantFor(current.merchantCode, undefined);
    let hitOdds: bigint | undefined;
    if (patch.hitOdds !== undefined) {
      hitOdds = parseAmount(patch.hitOdds, currencyScale) ?? undefined;
      if (hitOdds === undefined || hitOdds <= 0n)
        throw new AppError('request_param_err', 'Invalid odds', [
          { path: 'hitOdds', code: 'invalid', message: 'A positive amount' },
        ]);
    }
    const before = await this.view(current);
    const [row] = await this.db
      .update(jackpotPools)
      .set({
        ...(patch.contributionBps !== undefined && { contributionBps: patch.contributionBps }),
        ...(hitOdds !== undefined && { hitOdds }),
        ...(patch.status !== undefined && { status: patch.status }),
      })
      .where(eq(jackpotPools.id, id))
      .returning();
    this.jackpot.invalidate(current.merchantCode);
    return { before, after: await this.view(row!) };
  }
}
