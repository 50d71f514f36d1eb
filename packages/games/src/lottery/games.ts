import type { BetLimits, GameDefinition } from './types';
import { elottGame } from './elott';
import { vnGame } from './vn';
import { fourDGame, thaiGame } from './sea';

/**
 * The shipped games. Limits are minor units of a two-decimal currency (100 = 1.00); an operator
 * deployment with another currency replaces them with {@link withLimits}.
 */
const limits: BetLimits = { minCost: 100n, maxCost: 5_000_000n, maxUnits: 1000 };
const perIssue = 20_000_000n;

export const ELOTT_1M = elottGame({
  code: 'ELOTT_1M',
  name: 'Fast e-lottery 1 minute',
  intervalSeconds: 60,
  closeBeforeDrawSeconds: 10,
  limits,
  maxCostPerPlayerPerIssue: perIssue,
});
export const ELOTT_3M = elottGame({
  code: 'ELOTT_3M',
  name: 'Fast e-lottery 3 minutes',
  intervalSeconds: 180,
  closeBeforeDrawSeconds: 20,
  limits,
  maxCostPerPlayerPerIssue: perIssue,
});
export const ELOTT_5M = elottGame({
  code: 'ELOTT_5M',
  name: 'Fast e-lottery 5 minutes',
  intervalSeconds: 300,
  closeBeforeDrawSeconds: 30,
  limits,
  maxCostPerPlayerPerIssue: perIssue,
});

/** Vietnamese draws close 15 minutes before the live draw starts. */
export const VN_NORTH = vnGame({
  code: 'VN_NORTH',
  name: 'Xổ số miền Bắc',
  region: 'north',
  drawTime: '18:15',
  closeBeforeDrawSeconds: 900,
  limits,
  maxCostPerPlayerPerIssue: perIssue,
});
export const VN_CENTRAL = vnGame({
  code: 'VN_CENTRAL',
  name: 'Xổ số miền Trung',
  region: 'south',
  drawTime: '17:15',
  closeBeforeDrawSeconds: 900,
  limits,
  maxCostPerPlayerPerIssue: perIssue,
});
export const VN_SOUTH = vnGame({
  code: 'VN_SOUTH',
  name: 'Xổ số miền Nam',
  region: 'south',
  drawTime: '16:15',
  closeBeforeDrawSeconds: 900,
  limits,
  maxCostPerPlayerPerIssue: perIssue,
});

export const SEA_4D = fourDGame({
  code: 'SEA_4D',
  name: '4D',
  closeBeforeDrawSeconds: 1800,
  limits,
  maxCostPerPlayerPerIssue: perIssue,
});
export const THAI_LOTTERY = thaiGame({
  code: 'THAI',
  name: 'Thai lottery',
  closeBeforeDrawSeconds: 1800,
  limits,
  maxCostPerPlayerPerIssue: perIssue,
});

export const LOTTERY_GAMES: readonly GameDefinition[] = [
  ELOTT_1M,
  ELOTT_3M,
  ELOTT_5M,
  VN_NORTH,
  VN_CENTRAL,
  VN_SOUTH,
  SEA_4D,
  THAI_LOTTERY,
];

/** A copy of a game with other limits (every bet type, and the per-issue limit if given). */
export function withLimits(
  def: GameDefinition,
  betLimits: BetLimits,
  maxCostPerPlayerPerIssue = def.maxCostPerPlayerPerIssue,
): GameDefinition {
  return {
    ...def,
    betTypes: def.betTypes.map((t) => ({ ...t, limits: betLimits })),
    maxCostPerPlayerPerIssue,
  };
}
