import type { WithdrawalRiskFlag } from '@taya/contracts';

/** How much each risk flag weighs on a withdrawal: a badge's tone. */
export const flagTone: Record<WithdrawalRiskFlag, 'bad' | 'warn' | 'info'> = {
  turnover_unmet: 'bad',
  payout_account_shared: 'bad',
  payout_account_new_24h: 'warn',
  over_threshold: 'warn',
  first_withdrawal: 'info',
};

/** A withdrawal is disputed when the member said the money did not (all) arrive, unsettled. */
export const isDisputed = (row: {
  confirmation: string | null;
  resolution: string | null;
}): boolean =>
  (row.confirmation === 'partial' || row.confirmation === 'not_received') &&
  row.resolution === null;
