import {
  colorBetAnswerSchema,
  colorDemoSessionSchema,
  colorStateSchema,
  type ColorBetAnswer,
  type ColorGameColour,
  type ColorState,
} from '@taya/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';

/** The Colour Game's API (shared timed rounds; see the server's originals README). */
export const colorApi = {
  state: '/originals/color-game/state',
  bets: '/originals/color-game/bets',
  demoSession: '/originals/demo/color-game/session',
  demoBets: '/originals/demo/color-game/bets',
  demoBalance: '/originals/demo/color-game/balance',
  socket: '/ws/originals/color-game',
} as const;

export const getColorState = (signal?: AbortSignal) =>
  apiGet(colorApi.state, {
    schema: import.meta.env.DEV && colorStateSchema,
    signal,
  }) as Promise<ColorState>;

export function placeColorBet(input: {
  requestId: string;
  stakes: { colour: ColorGameColour; amount: string }[];
  demoSession?: string;
}): Promise<ColorBetAnswer> {
  return apiPost(input.demoSession ? colorApi.demoBets : colorApi.bets, {
    body: {
      requestId: input.requestId,
      stakes: input.stakes,
      ...(input.demoSession ? { session: input.demoSession } : {}),
    },
    idempotencyKey: input.requestId,
    schema: import.meta.env.DEV && colorBetAnswerSchema,
  }) as Promise<ColorBetAnswer>;
}

type DemoSession = { session: string; balance: string; currency: 'DEMO' };

export const openColorDemo = () =>
  apiPost(colorApi.demoSession, {
    body: {},
    schema: import.meta.env.DEV && colorDemoSessionSchema,
  }) as Promise<DemoSession>;

export const colorDemoBalance = (session: string) =>
  apiPost(colorApi.demoBalance, {
    body: { session },
    schema: import.meta.env.DEV && colorDemoSessionSchema,
  }) as Promise<DemoSession>;
