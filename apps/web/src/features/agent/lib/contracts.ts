import type { ContractKind, DividendPeriod } from './types';

/** The kinds in the order the agent centre lists them (its menu: daily, hourly, real-time, then dividend). */
export const contractKindOrder: readonly ContractKind[] = [
  'daily',
  'hourly',
  'realtime',
  'dividend',
];

/** SPEC §9: D daily, W weekly, H semi-monthly, M monthly. */
export const dividendPeriods: readonly DividendPeriod[] = ['D', 'W', 'H', 'M'];

export type ContractStatus = 'pending' | 'active' | 'rejected' | 'terminated' | 'superseded';

export const contractStatusTone: Record<ContractStatus, 'pending' | 'good' | 'bad' | 'neutral'> = {
  pending: 'pending',
  active: 'good',
  rejected: 'bad',
  terminated: 'neutral',
  superseded: 'neutral',
};
