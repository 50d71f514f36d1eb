import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { IdentityService } from '../identity';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import * as earning from './earning';
import * as mall from './mall';
import type { PointsDeps } from './model';
import * as operators from './operators';
import { pointsRedemptions } from './schema';
import * as spending from './spending';

export { earnOnTotal, pointsForBet, type Member } from './model';

/** A use case's parameters after the dependencies it is given. */
type Args<F> = F extends (deps: PointsDeps, ...rest: infer R) => unknown ? R : never;

/**
 * The points mall: points earned from settled valid bets, spent on rewards an operator then
 * approves or rejects, or converted into cash. Points have a ledger of their own; cash moves
 * only through the wallet ledger. Each use case lives in its own file; this class is the one
 * surface routes, jobs and tests call.
 */
export class PointsService {
  private readonly deps: PointsDeps;

  constructor(db: Db, system: SystemService, wallet: WalletService, identity: IdentityService) {
    this.deps = { db, system, wallet, identity };
  }

  /** The merchant of a redemption (null when there is none): the routes check the scope. */
  async redemptionMerchant(id: string): Promise<string | null> {
    const [row] = await this.deps.db
      .select({ merchantCode: pointsRedemptions.merchantCode })
      .from(pointsRedemptions)
      .where(eq(pointsRedemptions.id, id));
    return row?.merchantCode ?? null;
  }

  /** The `points.earn` job: credits the points of settled bet records not yet read. */
  earnDue(...args: Args<typeof earning.earnDue>) {
    return earning.earnDue(this.deps, ...args);
  }

  balance(...args: Args<typeof mall.balance>) {
    return mall.balance(this.deps, ...args);
  }

  /** `MCS2_getPointReward`: the merchant's rewards (a visitor's merchant comes from its header). */
  rewards(...args: Args<typeof mall.rewards>) {
    return mall.rewards(this.deps, ...args);
  }

  redemptions(...args: Args<typeof mall.redemptions>) {
    return mall.redemptions(this.deps, ...args);
  }

  config(...args: Args<typeof mall.config>) {
    return mall.config(this.deps, ...args);
  }

  detail(...args: Args<typeof mall.detail>) {
    return mall.detail(this.deps, ...args);
  }

  redeem(...args: Args<typeof spending.redeem>) {
    return spending.redeem(this.deps, ...args);
  }

  convert(...args: Args<typeof spending.convert>) {
    return spending.convert(this.deps, ...args);
  }

  opsRewards(...args: Args<typeof operators.opsRewards>) {
    return operators.opsRewards(this.deps, ...args);
  }

  saveReward(...args: Args<typeof operators.saveReward>) {
    return operators.saveReward(this.deps, ...args);
  }

  redemptionsByStatus(...args: Args<typeof operators.redemptionsByStatus>) {
    return operators.redemptionsByStatus(this.deps, ...args);
  }

  /** An operator's decision on a redemption In Process. */
  decide(...args: Args<typeof operators.decide>) {
    return operators.decide(this.deps, ...args);
  }
}
