import {
  LOTTERY_GAMES,
  type GameDefinition,
  type LotteryProblem,
  type LotteryResult,
  type Settlement,
} from '@taya/games';
import { AppError } from '../../platform/errors';
import type {
  LotteryBetStatus,
  lotteryBets,
  lotteryChases,
  lotteryIssues,
  lotteryResultEntries,
} from './schema';

/** The in-house lottery's vendor code: its games are the catalog's games of this vendor. */
export const lotteryVendorCode = 'LOTT';
/** Vendors whose ELOTT card switches the brand's prize mode to elott (SPEC §4). */
export const prizeModeVendors = ['TCG_LOTTO_VN', 'LOTT'];

export const definitions = new Map(LOTTERY_GAMES.map((g) => [g.code, g]));

/** The shipped game of this code, or a 404. */
export function lotteryGame(code: string): GameDefinition {
  const def = definitions.get(code);
  if (!def) throw new AppError('not_found', `No lottery game ${code}`);
  return def;
}

/** Fast e-lottery results are always the house's; the other families take a feed or operator. */
export const houseDrawn = (def: GameDefinition) => def.family === 'ELOTT';

export type IssueRow = typeof lotteryIssues.$inferSelect;
export type BetRow = typeof lotteryBets.$inferSelect;
export type EntryRow = typeof lotteryResultEntries.$inferSelect;
export type ChaseRow = typeof lotteryChases.$inferSelect;

/** A source of official results for the feed games; null while the draw has none yet. */
export type LotteryResultFeed = (
  def: GameDefinition,
  issueId: string,
  drawAt: Date,
) => Promise<LotteryResult | null>;

export interface LotteryOptions {
  /** Issues created ahead of now per game (a chase spans at most 50). */
  issuesAhead?: number;
  /**
   * How long after its draw a feed game waits for a feed or confirmed operator result before the
   * house draws a demo result (labelled `house_demo`); null never draws one.
   */
  demoDrawAfterSeconds?: number | null;
  /** Official results, when a feed is contracted. */
  feed?: LotteryResultFeed;
}

/** Hooks for tests that stop settlement midway, as a crash would. */
export interface SettleHooks {
  /** Called inside each batch's transaction after its payouts were posted, before it commits. */
  afterPayouts?: (batch: number) => void | Promise<void>;
}

export const outcomeStatus: Record<Settlement['outcome'], LotteryBetStatus> = {
  win: 'won',
  lose: 'lost',
  push: 'push',
  refund: 'refunded',
};

export function problemFields(problems: readonly LotteryProblem[], prefix: string) {
  return problems.map((p) => ({ path: `${prefix}.${p.field}`, code: p.code, message: p.message }));
}
