import type { Db } from '../../platform/db';
import type { PlayKernel } from '../play';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import { LotteryBetting } from './betting';
import type { LotteryCatalog, LotteryDeps } from './context';
import { LotteryDraws } from './draws';
import { LotteryOps } from './ops';
import { LotteryHall } from './hall';
import type { IssueRow, LotteryOptions } from './model';
import { LotterySettlement } from './settlement';
import { issueWire } from './wire';

export {
  houseDrawn,
  lotteryGame,
  lotteryVendorCode,
  type LotteryOptions,
  type LotteryResultFeed,
  type SettleHooks,
} from './model';
export type { LotteryCatalog } from './context';

/**
 * The lottery: issues created ahead on each game's schedule with a committed seed, bets checked
 * by the rules and held through the wagering kernel, the draw (house seed, feed, or an operator's
 * result confirmed by a second operator), and settlement of every bet of an issue exactly once.
 * Each use case lives in its own file; this class is their one face to routes, jobs and tests.
 */
export class LotteryService {
  private readonly hall: LotteryHall;
  private readonly betting: LotteryBetting;
  private readonly draws: LotteryDraws;
  private readonly settlement: LotterySettlement;
  /** The operator console's reads. */
  readonly ops: LotteryOps;

  constructor(
    db: Db,
    system: SystemService,
    wallet: WalletService,
    play: PlayKernel,
    games: LotteryCatalog,
    options: LotteryOptions = {},
  ) {
    const deps: LotteryDeps = { db, system, wallet, play, games, options };
    this.hall = new LotteryHall(deps);
    this.betting = new LotteryBetting(deps, this.hall);
    this.draws = new LotteryDraws(deps, this.hall);
    this.settlement = new LotterySettlement(deps);
    this.ops = new LotteryOps(db);
  }

  issueWire(row: IssueRow) {
    return issueWire(row);
  }

  // Hall: menus, issues and verification.

  enabledGames(...args: Parameters<LotteryHall['enabledGames']>) {
    return this.hall.enabledGames(...args);
  }

  prizeMode(...args: Parameters<LotteryHall['prizeMode']>) {
    return this.hall.prizeMode(...args);
  }

  menu(...args: Parameters<LotteryHall['menu']>) {
    return this.hall.menu(...args);
  }

  recent(...args: Parameters<LotteryHall['recent']>) {
    return this.hall.recent(...args);
  }

  history(...args: Parameters<LotteryHall['history']>) {
    return this.hall.history(...args);
  }

  openNumero(...args: Parameters<LotteryHall['openNumero']>) {
    return this.hall.openNumero(...args);
  }

  issueByNumero(...args: Parameters<LotteryHall['issueByNumero']>) {
    return this.hall.issueByNumero(...args);
  }

  verify(...args: Parameters<LotteryHall['verify']>) {
    return this.hall.verify(...args);
  }

  // Betting.

  placeBets(...args: Parameters<LotteryBetting['placeBets']>) {
    return this.betting.placeBets(...args);
  }

  myBets(...args: Parameters<LotteryBetting['myBets']>) {
    return this.betting.myBets(...args);
  }

  cancelBet(...args: Parameters<LotteryBetting['cancelBet']>) {
    return this.betting.cancelBet(...args);
  }

  // Schedule and draw.

  scheduleDue(...args: Parameters<LotteryDraws['scheduleDue']>) {
    return this.draws.scheduleDue(...args);
  }

  drawDue() {
    return this.draws.drawDue();
  }

  // Settlement.

  settleDue(...args: Parameters<LotterySettlement['settleDue']>) {
    return this.settlement.settleDue(...args);
  }

  settleIssue(...args: Parameters<LotterySettlement['settleIssue']>) {
    return this.settlement.settleIssue(...args);
  }

  // Operators.

  enterResult(...args: Parameters<LotteryDraws['enterResult']>) {
    return this.draws.enterResult(...args);
  }

  confirmResult(...args: Parameters<LotteryDraws['confirmResult']>) {
    return this.draws.confirmResult(...args);
  }

  cancelIssue(...args: Parameters<LotteryDraws['cancelIssue']>) {
    return this.draws.cancelIssue(...args);
  }
}
