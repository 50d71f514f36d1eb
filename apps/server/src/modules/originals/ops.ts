import {
  minorToDecimal,
  parseAmount,
  type MerchantInfo,
  type OpsOriginalLimit,
  type OpsOriginalLimitList,
  type OpsOriginalLimitsBody,
} from '@taya/contracts';
import type { Db } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import type { SystemService } from '../system';
import { limitedOriginalOf, limitedOriginals, type LimitedOriginal } from './limits-registry';
import { limitsRowOf, saveLimits, type Limits } from './limits';

/** Limits as the audit row keeps them: minor units as text, the rate as basis points. */
export interface LimitsRecord {
  minBet: string;
  maxBet: string;
  maxProfit: string;
  rtpBps: number;
  defaulted: boolean;
}

/** An amount of the body in the merchant's minor units, or a 400 naming the field. */
function amountOf(
  body: OpsOriginalLimitsBody,
  field: 'minBet' | 'maxBet' | 'maxProfit',
  scale: number,
) {
  const minor = parseAmount(body[field], scale);
  if (minor === null)
    throw fieldError(field, 'invalid', `an amount with at most ${scale} decimals`);
  if (minor <= 0n) throw fieldError(field, 'invalid', 'an amount above zero');
  return minor;
}

/**
 * The console's view of the originals' limits: every game of the registry for a merchant (its
 * row or the defaults) and their change, amounts in the merchant's currency.
 */
export class OriginalsOps {
  constructor(
    private readonly db: Db,
    private readonly system: Pick<SystemService, 'namedMerchant'>,
  ) {}

  merchant(code: string): Promise<MerchantInfo> {
    return this.system.namedMerchant(code);
  }

  private async row(merchant: MerchantInfo, original: LimitedOriginal): Promise<OpsOriginalLimit> {
    const limits = await limitsRowOf(this.db, merchant, original.game);
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    return {
      game: original.game,
      gameCode: original.gameCode,
      engine: original.engine,
      currency: merchant.currency,
      currencyScale: merchant.currencyScale,
      minBet: dec(limits.minBet),
      maxBet: dec(limits.maxBet),
      maxProfit: dec(limits.maxProfit),
      rtpBps: limits.rtpBps,
      rateFixed: original.rateFixed,
      rtp: original.rtp(limits.rtpBps),
      reference: original.reference,
      defaulted: limits.defaulted,
    };
  }

  async list(merchant: MerchantInfo): Promise<OpsOriginalLimitList> {
    const list = await Promise.all(limitedOriginals(merchant).map((o) => this.row(merchant, o)));
    return { merchantCode: merchant.merchantCode, currency: merchant.currency, list };
  }

  /**
   * Sets a game's limits for a merchant: min ≤ max, amounts above zero, the rate in range (a
   * game whose return its rules fix keeps its row's rate, and a body naming one is refused).
   */
  async set(
    merchant: MerchantInfo,
    gameName: string,
    body: OpsOriginalLimitsBody,
  ): Promise<{ row: OpsOriginalLimit; before: LimitsRecord; after: LimitsRecord }> {
    const original = limitedOriginalOf(merchant, gameName);
    const scale = merchant.currencyScale;
    if (original.rateFixed && body.rtpBps !== undefined)
      throw fieldError('rtpBps', 'invalid', "this game's return is set by its rules");
    if (!original.rateFixed && body.rtpBps === undefined)
      throw fieldError('rtpBps', 'required', 'the return to player, in basis points');
    const bounds = {
      minBet: amountOf(body, 'minBet', scale),
      maxBet: amountOf(body, 'maxBet', scale),
      maxProfit: amountOf(body, 'maxProfit', scale),
    };
    if (bounds.maxBet < bounds.minBet)
      throw fieldError('maxBet', 'invalid', 'the largest bet may not be below the smallest');
    const record = (l: Limits, defaulted: boolean): LimitsRecord => ({
      minBet: l.minBet.toString(),
      maxBet: l.maxBet.toString(),
      maxProfit: l.maxProfit.toString(),
      rtpBps: l.rtpBps,
      defaulted,
    });
    const { was, limits } = await this.db.transaction(async (tx) => {
      const current = await limitsRowOf(tx, merchant, original.game);
      const next: Limits = { ...bounds, rtpBps: body.rtpBps ?? current.rtpBps };
      await saveLimits(tx, merchant.merchantCode, original.game, next);
      return { was: current, limits: next };
    });
    return {
      row: await this.row(merchant, original),
      before: record(was, was.defaulted),
      after: record(limits, false),
    };
  }
}
