import { multiplierText, dice, keno, limbo, plinko, type InstantGame } from '@taya/games';
import {
  opsCrashChainSchema,
  opsOriginalLimitListSchema,
  opsOriginalLimitSchema,
  type OpsCrashChain,
  type OpsCrashSaltBlockBody,
  type OpsCrashSaltBody,
  type OpsOriginalLimit,
  type OpsOriginalLimitList,
  type OpsOriginalLimitsBody,
} from '@taya/contracts';
import { get, request } from '../../lib/api-client';

export type OriginalLimit = OpsOriginalLimit;

export const fetchOriginalLimits = (merchantCode: string, signal?: AbortSignal) =>
  get<OpsOriginalLimitList>('/ops/originals/limits', {
    query: { merchantCode },
    schema: import.meta.env.DEV && opsOriginalLimitListSchema,
    signal,
  });

export const putOriginalLimits = (game: string, body: OpsOriginalLimitsBody) =>
  request<OriginalLimit>('PUT', `/ops/originals/limits/${encodeURIComponent(game)}`, {
    body,
    schema: import.meta.env.DEV && opsOriginalLimitSchema,
  });

type AnyInstantGame = InstantGame<unknown, Record<string, unknown>>;

/** The engines this console can compute a return with, by the id the server names. */
const engines: Record<string, AnyInstantGame> = Object.fromEntries(
  [dice, limbo, plinko, keno].map((e) => [e.id, e as unknown as AnyInstantGame]),
);

/**
 * The exact return of a game's reference bet at a rate, as the server shows it ("98.99": the
 * engine's fraction in percent, rounded down to two decimals); null for an engine this console
 * does not know (the page then shows the server's figure for the saved rate only).
 */
export function referenceRtp(game: OriginalLimit, rtpBps: number): string | null {
  const engine = engines[game.engine];
  const parsed = engine?.parse(game.reference);
  if (!engine || !parsed?.ok) return null;
  const rtp = engine.rtp(parsed.params, rtpBps);
  return multiplierText({ num: rtp.num * 100n, den: rtp.den }, 2);
}

export const fetchCrashChain = (signal?: AbortSignal) =>
  get<OpsCrashChain>('/ops/originals/crash/chain', {
    schema: import.meta.env.DEV && opsCrashChainSchema,
    signal,
  });

export const publishCrashSaltBlock = (body: OpsCrashSaltBlockBody) =>
  request<OpsCrashChain>('POST', '/ops/originals/crash/chain/block', {
    body,
    schema: import.meta.env.DEV && opsCrashChainSchema,
  });

export const setCrashSalt = (body: OpsCrashSaltBody) =>
  request<OpsCrashChain>('POST', '/ops/originals/crash/chain/salt', {
    body,
    schema: import.meta.env.DEV && opsCrashChainSchema,
  });
