import {
  crashBetAnswerSchema,
  crashBetSchema,
  crashDemoSessionSchema,
  crashStateSchema,
  type CrashBet,
  type CrashBetAnswer,
  type CrashState,
} from '@taya/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';

/** Crash's API (shared rounds; see the server's originals README). */
export const crashApi = {
  state: '/originals/crash/state',
  bets: '/originals/crash/bets',
  cashout: '/originals/crash/cashout',
  demoSession: '/originals/demo/crash/session',
  demoBets: '/originals/demo/crash/bets',
  demoBalance: '/originals/demo/crash/balance',
  demoCashout: '/originals/demo/crash/cashout',
  socket: '/ws/originals/crash',
} as const;

export const getCrashState = (signal?: AbortSignal) =>
  apiGet(crashApi.state, {
    schema: import.meta.env.DEV && crashStateSchema,
    signal,
  }) as Promise<CrashState>;

export function placeCrashBet(input: {
  requestId: string;
  amount: string;
  autoCashout?: string;
  demoSession?: string;
}): Promise<CrashBetAnswer> {
  const body = {
    requestId: input.requestId,
    amount: input.amount,
    ...(input.autoCashout ? { autoCashout: input.autoCashout } : {}),
    ...(input.demoSession ? { session: input.demoSession } : {}),
  };
  return apiPost(input.demoSession ? crashApi.demoBets : crashApi.bets, {
    body,
    idempotencyKey: input.requestId,
    schema: import.meta.env.DEV && crashBetAnswerSchema,
  }) as Promise<CrashBetAnswer>;
}

export function cashOut(input: { requestId: string; demoSession?: string }): Promise<CrashBet> {
  return apiPost(input.demoSession ? crashApi.demoCashout : crashApi.cashout, {
    body: {
      requestId: input.requestId,
      ...(input.demoSession ? { session: input.demoSession } : {}),
    },
    idempotencyKey: input.requestId,
    schema: import.meta.env.DEV && crashBetSchema,
  }) as Promise<CrashBet>;
}

export const openCrashDemo = () =>
  apiPost(crashApi.demoSession, {
    body: {},
    schema: import.meta.env.DEV && crashDemoSessionSchema,
  }) as Promise<{ session: string; balance: string; currency: 'DEMO' }>;

export const crashDemoBalance = (session: string) =>
  apiPost(crashApi.demoBalance, {
    body: { session },
    schema: import.meta.env.DEV && crashDemoSessionSchema,
  }) as Promise<{ session: string; balance: string; currency: 'DEMO' }>;
