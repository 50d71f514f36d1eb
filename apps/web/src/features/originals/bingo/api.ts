import {
  bingoBuyAnswerSchema,
  bingoMineSchema,
  bingoStateSchema,
  crashDemoSessionSchema,
  type BingoBuyAnswer,
  type BingoMine,
  type BingoState,
} from '@taya/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';

/** Bingo's API (timed shared games; see the server's originals README). */
export const bingoApi = {
  state: '/originals/bingo/state',
  cards: '/originals/bingo/cards',
  mine: '/originals/bingo/mine',
  demoSession: '/originals/demo/bingo/session',
  demoCards: '/originals/demo/bingo/cards',
  demoMine: '/originals/demo/bingo/mine',
  socket: '/ws/originals/bingo',
} as const;

export const getBingoState = (signal?: AbortSignal) =>
  apiGet(bingoApi.state, {
    schema: import.meta.env.DEV && bingoStateSchema,
    signal,
  }) as Promise<BingoState>;

export function buyBingoCards(input: {
  requestId: string;
  amount: string;
  cards: number;
  demoSession?: string;
}): Promise<BingoBuyAnswer> {
  return apiPost(input.demoSession ? bingoApi.demoCards : bingoApi.cards, {
    body: {
      requestId: input.requestId,
      amount: input.amount,
      cards: input.cards,
      ...(input.demoSession ? { session: input.demoSession } : {}),
    },
    idempotencyKey: input.requestId,
    schema: import.meta.env.DEV && bingoBuyAnswerSchema,
  }) as Promise<BingoBuyAnswer>;
}

export const getMyBingoCards = (demoSession: string | null) =>
  (demoSession
    ? apiPost(bingoApi.demoMine, {
        body: { session: demoSession },
        schema: import.meta.env.DEV && bingoMineSchema,
      })
    : apiGet(bingoApi.mine, {
        schema: import.meta.env.DEV && bingoMineSchema,
      })) as Promise<BingoMine>;

export const openBingoDemo = () =>
  apiPost(bingoApi.demoSession, {
    body: {},
    schema: import.meta.env.DEV && crashDemoSessionSchema,
  }) as Promise<{ session: string; balance: string; currency: 'DEMO' }>;
