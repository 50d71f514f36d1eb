import type {
  ContractKindName,
  ContractProcessBody,
  ContractTierInput,
  OpsSettlementQuery,
  TeamOverview,
} from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { IdentityService } from '../identity';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import * as contracts from './contracts';
import type { TeamFigures } from './formulas';
import type { AgentsDeps, Me } from './model';
import * as ops from './ops';
import * as rollups from './rollup';
import type { DividendPeriod } from './schema';
import * as settlement from './settlement';
import * as team from './team';
import * as reports from './team-reports';
import type { Schedule, Window } from './windows';

export { bpsToRate, rateToBps, settleGraceMs } from './model';

/**
 * The agent back office's model: the downline tree (a closure table), contracts between an agent
 * and its direct subordinates, and their settlement, window by window, through the ledger. Each
 * use case lives in its own file; this class is the one surface routes, jobs and tests call.
 */
export class AgentsService {
  private readonly deps: AgentsDeps;

  constructor(
    db: Db,
    system: SystemService,
    wallet: WalletService,
    identity: IdentityService,
    /** Game names by node id, from the games catalog. */
    gameNames: (merchantCode: string) => Promise<Map<string, string>>,
  ) {
    this.deps = { db, system, wallet, identity, gameNames };
  }

  /** Refuses a call whose agent screen the merchant has turned off (`function.not.available`). */
  async requireScreen(merchantCode: string, flag: string | null): Promise<void> {
    if (flag === null) return;
    const flags = await this.deps.system.flags(merchantCode);
    if (flags[flag] !== true) throw new AppError('function.not.available');
  }

  // ---- the tree ----

  /** Whether `accountId` is in `agentId`'s team (itself included), in one index lookup. */
  inTeam(agentId: string, accountId: string, db: DbOrTx = this.deps.db): Promise<boolean> {
    return team.inTeam(this.deps, agentId, accountId, db);
  }

  // ---- contracts ----

  /** The four contract calls: an offer, its acceptance or rejection, or a termination. */
  process(me: Me, kind: ContractKindName, body: ContractProcessBody) {
    return contracts.process(this.deps, me, kind, body);
  }

  /** The operator's contract with a top agent (no upline): active at once. */
  grantTop(
    merchantCode: string,
    operator: string,
    input: {
      agentId: string;
      kind: ContractKindName;
      period?: DividendPeriod;
      tiers: ContractTierInput[];
    },
  ) {
    return contracts.grantTop(this.deps, merchantCode, operator, input);
  }

  /** My contracts: those that pay me and those I granted, active or pending. */
  contracts(me: { accountId: string }, kind?: ContractKindName) {
    return contracts.contracts(this.deps, me, kind);
  }

  /** My contracts in the consolidated funds answer, in the original front end's shapes. */
  consolidatedContracts(me: Me) {
    return contracts.consolidatedContracts(this.deps, me);
  }

  // ---- settlement ----

  /** The team figures of `agentIds` over a window. */
  teamFigures(
    merchantCode: string,
    agentIds: string[],
    window: Window,
    db: DbOrTx = this.deps.db,
  ): Promise<Map<string, TeamFigures>> {
    return rollups.teamFigures(this.deps, merchantCode, agentIds, window, db);
  }

  /** Settles one window of one schedule: every covering contract's pay, with its inputs, once. */
  settle(
    merchantCode: string,
    schedule: Schedule,
    window: Window,
  ): Promise<{ contracts: number; paid: bigint }> {
    return settlement.settle(this.deps, merchantCode, schedule, window);
  }

  /** The settlement job: every window ended since the last one settled, in order. */
  settleDue(now = new Date()): Promise<{ windows: number; paid: bigint }> {
    return settlement.settleDue(this.deps, now);
  }

  /** My settlements of one kind, newest first, with their inputs. */
  settlements(
    me: Me,
    query: { kind: ContractKindName; from?: string; to?: string; page: number; size: number },
  ) {
    return settlement.settlements(this.deps, me, query);
  }

  // ---- team figures and reports ----

  /** Rolls one five-minute window into the daily figures, once. */
  rollup(merchantCode: string, window: Window): Promise<boolean> {
    return rollups.rollup(this.deps, merchantCode, window);
  }

  /** The `agents.rollup-teams` job: every five-minute window ended since the last rolled up. */
  rollupDue(now = new Date()): Promise<number> {
    return rollups.rollupDue(this.deps, now);
  }

  /** The team overview over the days a period touches. */
  teamOverview(me: Me, query: { from: string; to: string }): Promise<TeamOverview> {
    return reports.teamOverview(this.deps, me, query);
  }

  /** Team betting: settled bet records of my team (or of one member of it), newest first. */
  teamBets(
    me: Me,
    query: {
      from: string;
      to: string;
      username?: string;
      gameType?: string;
      page: number;
      size: number;
    },
  ) {
    return reports.teamBets(this.deps, me, query);
  }

  /** User loss: each direct subordinate with the results of its own line over the period. */
  teamLoss(
    me: Me,
    query: { from: string; to: string; parentId?: string; page: number; size: number },
  ) {
    return reports.teamLoss(this.deps, me, query);
  }

  /** My income: settled contract pay by kind over a period (by window start). */
  revenue(me: Me, query: { from: string; to: string }) {
    return reports.revenue(this.deps, me, query);
  }

  /** `ODSFE2_MemTransDet`: money movements on my team's members' main wallets. */
  teamTransactions(
    me: Me,
    query: {
      subordinateName?: string;
      startTime: number;
      endTime: number;
      txTypeIds?: string;
      page: number;
      size: number;
    },
  ) {
    return reports.teamTransactions(this.deps, me, query);
  }

  // ---- the operator console ----

  /** An account by id (any merchant: the route checks the operator's scope), or a 404. */
  opsAccount(accountId: string) {
    return ops.accountIn(this.deps, accountId);
  }

  /** A merchant's top agents, or the direct downline of one account. */
  opsTree(merchantCode: string, query: { parentId?: string; page: number; size: number }) {
    return ops.tree(this.deps, merchantCode, query);
  }

  /** An agent's profile, team figures over a period and contracts. */
  opsProfile(accountId: string, query: { from?: string; to?: string }) {
    return ops.profile(this.deps, accountId, query);
  }

  /** A top-level contract (no upline) by id, or a 404. */
  opsTopContract(contractId: string) {
    return ops.topContract(this.deps, contractId);
  }

  /** Ends an active top-level contract now. */
  endTop(contractId: string, operator: string, reason: string) {
    return ops.endTop(this.deps, contractId, operator, reason);
  }

  /** Every agent's settlements of a merchant, with their inputs. */
  opsSettlements(merchantCode: string, query: OpsSettlementQuery) {
    return ops.settlements(this.deps, merchantCode, query);
  }

  /** Pauses or resumes an agent's settlement (the job skips a paused agent's own contracts). */
  setSettlementPaused(
    account: { id: string; merchantCode: string; type: number },
    paused: boolean,
    operator: string,
    reason?: string,
  ) {
    return ops.setPaused(this.deps, account, paused, operator, reason);
  }

  // ---- downlines ----

  /** My invitation code (agents get one when created; older accounts get one now). */
  invitation(me: { accountId: string }) {
    return team.invitation(this.deps, me);
  }

  /** `ODSFE2_subordinateSimple`: direct subordinates, or the whole team searched by name. */
  subordinates(
    me: Me,
    query: {
      subordinateType: 'SELF' | 'DIRECT';
      subordinateName?: string;
      parentId?: string;
      page: number;
      size: number;
    },
  ) {
    return team.subordinates(this.deps, me, query);
  }

  /** The register centre: a new member or agent directly under me. */
  createDownline(
    me: Me,
    body: { username: string; password: string; type: 0 | 1; nickname?: string },
  ) {
    return team.createDownline(this.deps, me, body);
  }
}
