import { bpsToPercent, minorToDecimal, trimDecimal } from '@taya/contracts';
import type { ClaimState } from './types';

/** The catalogue key of each SPEC §4 claim state (`promotions.state.<key>`). */
export const stateKeys = {
  Join: 'join',
  Claim: 'claim',
  Applying: 'applying',
  Close: 'close',
  Rejected: 'rejected',
  Issued: 'issued',
  Claimed: 'claimed',
  Process: 'process',
  Joined: 'joined',
  'Coming soon': 'coming_soon',
} as const satisfies Record<ClaimState, string>;

export type StateTone = 'pending' | 'good' | 'bad' | 'neutral' | 'open';

/** How a state's badge looks: open to act on, waiting, done, refused, or out of reach. */
export const stateTones = {
  Join: 'open',
  Claim: 'open',
  Applying: 'pending',
  Process: 'pending',
  'Coming soon': 'pending',
  Issued: 'good',
  Claimed: 'good',
  Joined: 'good',
  Rejected: 'bad',
  Close: 'neutral',
} as const satisfies Record<ClaimState, StateTone>;

/** The multiple a turnover in tenths stands for: 50 → "5", 25 → "2.5". */
export function multipleOf(tenths: number): string {
  return trimDecimal(minorToDecimal(BigInt(tenths), 1));
}

/** Basis points as a percentage without trailing zeros: 10000 → "100", 50 → "0.5". */
export function percentOf(bps: number): string {
  return bpsToPercent(bps);
}

/** A progress share for a bar, 0–100, from decimal amounts (required 0 counts as done). */
export function progressPercent(progressed: string, required: string): number {
  const done = Number(progressed);
  const total = Number(required);
  if (!(total > 0)) return 100;
  return Math.max(0, Math.min(100, Math.floor((done / total) * 100)));
}
