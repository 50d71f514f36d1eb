import type { Seed } from '../platform/seed';
import { systemBaseSeed, systemNoPlaceholderLinksSeed } from '../modules/system/seed';
import { identityDemoSeed, identityDemoUplineSeed } from '../modules/identity/seed';
import { identityProfileRulesSeed } from '../modules/identity/profile-seed';
import { walletDemoVendorSeed } from '../modules/wallet/seed';
import {
  cashierBaseSeed,
  cashierDemoChannelsSeed,
  cashierNoSandboxChannelsSeed,
} from '../modules/cashier/seed';
import {
  gamesBaseSeed,
  gamesBingoSeed,
  gamesColorGameSeed,
  gamesCrashSeed,
  gamesLiveTablesSeed,
  gamesHouseArtSeed,
  gamesOriginalsPlinkoKenoSeed,
  gamesOriginalStepsSeed,
  gamesBlackjackSeed,
  gamesOriginalsSeed,
  gamesScratchSeed,
  gamesCockfightDemoSeed,
  gamesCockfightSeed,
  gamesSportsbookSeed,
  gamesSportsbookDemoSeed,
} from '../modules/games/seed';
import {
  originalsBingoLimitsSeed,
  originalsColorLimitsSeed,
  originalsCrashLimitsSeed,
  originalsLimitsPlinkoKenoSeed,
  originalsLimitsSeed,
  originalsScratchLimitsSeed,
  originalsStepsLimitsSeed,
  originalsBlackjackLimitsSeed,
} from '../modules/originals/seed';
import { liveTablesSeed } from '../modules/live/seed';
import { cockfightArenasSeed } from '../modules/cockfight/seed';
import { sportsbookSeed } from '../modules/sportsbook/seed';
import { jackpotBaseSeed } from '../modules/jackpot/seed';
import { contentDemoSeed } from '../modules/content/seed';
import { contentArticlesDemoSeed } from '../modules/content/articles-seed';
import { contentDisclaimerFlagSeed, contentHelpBaseSeed } from '../modules/content/help-seed';
import { supportDemoSeed } from '../modules/support/seed';
import { pointsDemoSeed } from '../modules/points/seed';
import { vipDemoSeed } from '../modules/vip/seed';
import { promotionsDemoSeed } from '../modules/promotions/seed';
import { promotionsMemberRewardsDemoSeed } from '../modules/promotions/kinds/member-rewards-seed';
import { redEnvelopesDemoSeed } from '../modules/promotions/kinds/red-envelopes/seed';
import { referralDemoSeed } from '../modules/promotions/kinds/referral/seed';
import { missionsDemoSeed } from '../modules/missions/seed';
import { lotteryDemoArtSeed, lotteryDemoSeed } from '../modules/lottery/seed';
import { operatorsDemoSeed } from '../modules/operators/seed';
import { agentsDemoContractsSeed } from '../modules/agents/seed';

/** Seeds every environment gets, in order. Never edit one that has shipped: add a new version. */
export const baseSeeds: readonly Seed[] = [
  systemBaseSeed,
  systemNoPlaceholderLinksSeed,
  cashierBaseSeed,
  cashierNoSandboxChannelsSeed,
  gamesBaseSeed,
  gamesOriginalsSeed,
  originalsLimitsSeed,
  jackpotBaseSeed,
  contentHelpBaseSeed,
  contentDisclaimerFlagSeed,
  identityProfileRulesSeed,
  gamesHouseArtSeed,
  gamesOriginalsPlinkoKenoSeed,
  originalsLimitsPlinkoKenoSeed,
  gamesScratchSeed,
  originalsScratchLimitsSeed,
  gamesCrashSeed,
  originalsCrashLimitsSeed,
  gamesBingoSeed,
  originalsBingoLimitsSeed,
  gamesColorGameSeed,
  originalsColorLimitsSeed,
  gamesOriginalStepsSeed,
  originalsStepsLimitsSeed,
  liveTablesSeed,
  gamesLiveTablesSeed,
  gamesBlackjackSeed,
  originalsBlackjackLimitsSeed,
  cockfightArenasSeed,
  gamesCockfightSeed,
  sportsbookSeed,
  gamesSportsbookSeed,
];

/**
 * Demo accounts, play history and the sandbox payment channels: development and test only, never
 * production (nor a development server other machines reach, unless SANDBOX_PUBLIC).
 */
export const demoSeeds: readonly Seed[] = [
  cashierDemoChannelsSeed,
  identityDemoSeed,
  identityDemoUplineSeed,
  agentsDemoContractsSeed,
  walletDemoVendorSeed,
  contentDemoSeed,
  contentArticlesDemoSeed,
  supportDemoSeed,
  pointsDemoSeed,
  vipDemoSeed,
  promotionsDemoSeed,
  promotionsMemberRewardsDemoSeed,
  redEnvelopesDemoSeed,
  referralDemoSeed,
  missionsDemoSeed,
  lotteryDemoSeed,
  lotteryDemoArtSeed,
  operatorsDemoSeed,
  gamesCockfightDemoSeed,
  gamesSportsbookDemoSeed,
];

export function seedsFor(options: { seedDemo: boolean }): readonly Seed[] {
  return options.seedDemo ? [...baseSeeds, ...demoSeeds] : baseSeeds;
}
