import { applyBps } from '@taya/contracts';
/**
 * Auto-bet: the rules that decide the next stake and when to stop, kept pure so they can be
 * tested; `use-auto-bet.ts` runs them. Amounts are minor units.
 */

export interface StakeChange {
  /** After a win (or a loss): back to the first stake, or up by a percentage of the last. */
  mode: 'reset' | 'increase';
  /** Hundredths of a percent (50 % → 5000). */
  percent: number;
}

export interface AutoBetConfig {
  /** How many bets; 0 runs until another rule stops it. */
  count: number;
  /** Stop once the run's profit reaches this (minor units); null: no such stop. */
  stopProfit: bigint | null;
  /** Stop once the run's loss reaches this (minor units); null: no such stop. */
  stopLoss: bigint | null;
  onWin: StakeChange;
  onLoss: StakeChange;
}

export interface AutoBetRun {
  /** The stake the run started with. */
  base: bigint;
  /** The stake of the next bet. */
  stake: bigint;
  played: number;
  /** Payouts less stakes so far. */
  profit: bigint;
}

export type StopReason = 'count' | 'profit' | 'loss' | 'limit' | 'error' | 'hidden' | 'player';

export function startRun(base: bigint): AutoBetRun {
  return { base, stake: base, played: 0, profit: 0n };
}

function changed(stake: bigint, base: bigint, change: StakeChange): bigint {
  if (change.mode === 'reset') return base;
  return stake + applyBps(stake, change.percent);
}

/**
 * The run after one settled bet, and the reason to stop now if any: the count reached, profit
 * at or over the stop, loss at or over the stop, or a next stake over the game's maximum (or
 * under its minimum).
 */
export function afterBet(
  run: AutoBetRun,
  bet: { stake: bigint; payout: bigint },
  config: AutoBetConfig,
  limits: { min: bigint; max: bigint },
): { run: AutoBetRun; stop: StopReason | null } {
  const win = bet.payout > bet.stake;
  const next: AutoBetRun = {
    base: run.base,
    played: run.played + 1,
    profit: run.profit + bet.payout - bet.stake,
    stake: changed(bet.stake, run.base, win ? config.onWin : config.onLoss),
  };
  let stop: StopReason | null = null;
  if (config.count > 0 && next.played >= config.count) stop = 'count';
  else if (config.stopProfit !== null && next.profit >= config.stopProfit) stop = 'profit';
  else if (config.stopLoss !== null && -next.profit >= config.stopLoss) stop = 'loss';
  else if (next.stake > limits.max || next.stake < limits.min) stop = 'limit';
  return { run: next, stop };
}
