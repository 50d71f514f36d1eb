import type { ClaimReason, ClaimState, MerchantInfo } from '@taya/contracts';
import type { Db } from '../../platform/db';
import type { Services } from '../../services';
import type { SystemService } from '../system';
import type { UploadService } from '../uploads';
import type { WalletService } from '../wallet';
import type { promotionClaims, promotions } from './schema';
import type { ApplicationRow, MemberRewardFacts } from './kinds/member-rewards';

export type PromotionRow = typeof promotions.$inferSelect;
export type ClaimRow = typeof promotionClaims.$inferSelect;
export type { ApplicationRow };

/** A member's VIP level, from the VIP module; null when the member has none. */
export type VipLevelOf = (accountId: string, merchantCode: string) => Promise<number | null>;

/** A member's VIP rank, for promotions' audiences and amounts. */
export const vipLevelOf =
  (services: Services) =>
  async (accountId: string, merchantCode: string): Promise<number | null> =>
    (await services.vip.levelOf(merchantCode, accountId))?.rankLevel ?? null;

/** What a member has that decides their state in a promotion. */
export interface MemberFacts extends MemberRewardFacts {
  accountId: string;
  registeredAt: Date;
  /** Credited deposits, oldest first. */
  deposits: { id: string; amount: bigint; at: Date }[];
  /** This member's claims, by promotion. */
  claims: Map<string, ClaimRow[]>;
  vipLevel: number | null;
}

export interface Evaluation {
  state: ClaimState;
  reason: ClaimReason;
  /** When the state is Claim: the amount, and the deposit it is for. */
  amount: bigint | null;
  sourceId: string | null;
}

/** One claim to pay: who, for what source, how much, into which wallet, with what turnover. */
export interface ClaimToPay {
  accountId: string;
  requestId: string;
  sourceId: string;
  amount: bigint;
  wallet: 'bonus' | 'main';
  turnoverMultipleTenths: number;
  actor: string;
}

/**
 * The uploads module (application images), the lucky draw's roll (tests fix it), and the titles
 * of rewards paid outside promotions (missions) for the bonus list.
 */
export interface PromotionExtras {
  uploads?: UploadService | undefined;
  roll?: ((max: number) => number) | undefined;
  rewardsPaid?:
    | ((ids: string[], language: string) => Promise<Map<string, { title: string; amount: bigint }>>)
    | undefined;
}

/** What every promotions use case works with: the database, the modules it calls, the clock. */
export interface PromotionsContext {
  db: Db;
  system: SystemService;
  wallet: WalletService;
  vipLevelOf: VipLevelOf | null;
  clock: () => Date;
  extras: PromotionExtras;
  /** A uniform integer in [0, max): node's crypto.randomInt unless a test fixes it. */
  roll: (max: number) => number;
  /** The merchant a request is for (the caller's, or the named one, or the default). */
  merchant: (code: string | undefined) => Promise<MerchantInfo>;
}
