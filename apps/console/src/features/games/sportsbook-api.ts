import {
  opsFixtureListSchema,
  opsFixtureSchema,
  opsSettleAnswerSchema,
  type OpsFixture,
  type OpsFixtureList,
  type SportCode,
} from '@taya/contracts';
import { ApiError, get, request } from '../../lib/api-client';
import { errorMessage } from '../../components/states';
import type { MarketKind, Period, Scores } from './sportsbook-lib';

export type OpsMarket = OpsFixture['markets'][number];
export type SettleAnswer = { fixture: OpsFixture; settled: number; resettled: number };
export type FixtureFilter = 'open' | 'finished' | 'all';

const fixture = (id: string) => `/ops/sportsbook/fixtures/${encodeURIComponent(id)}`;
const market = (id: string) => `/ops/sportsbook/markets/${encodeURIComponent(id)}`;

export const fetchFixtures = (
  query: { status: FixtureFilter; sport: SportCode | '' },
  signal?: AbortSignal,
) =>
  get<OpsFixtureList>('/ops/sportsbook/fixtures', {
    query,
    schema: import.meta.env.DEV && opsFixtureListSchema,
    signal,
  });

export const createFixture = (body: {
  sport: SportCode;
  league: string;
  home: string;
  away: string;
  startsAt: string;
}) =>
  request<OpsFixture>('POST', '/ops/sportsbook/fixtures', {
    body,
    schema: import.meta.env.DEV && opsFixtureSchema,
  });

export const patchFixture = (
  id: string,
  body: {
    status?: 'scheduled' | 'live' | 'postponed';
    startsAt?: string;
    clock?: string | null;
    scores?: Scores;
  },
) =>
  request<OpsFixture>('PATCH', fixture(id), {
    body,
    schema: import.meta.env.DEV && opsFixtureSchema,
  });

export const createMarket = (
  id: string,
  body: {
    kind: MarketKind;
    period: Period;
    line?: string;
    scores?: string[];
    odds: Record<string, string>;
    main: boolean;
  },
) =>
  request<OpsFixture>('POST', `${fixture(id)}/markets`, {
    body,
    schema: import.meta.env.DEV && opsFixtureSchema,
  });

export const patchMarket = (
  id: string,
  body: { status?: 'open' | 'suspended'; odds?: Record<string, string>; stakeFactor?: number },
) => request<{ id: string; status: string; version: number }>('PATCH', market(id), { body });

export const resultFixture = (id: string, scores: Scores, reason?: string) =>
  request<SettleAnswer>('POST', `${fixture(id)}/result`, {
    body: reason ? { scores, reason } : { scores },
    schema: import.meta.env.DEV && opsSettleAnswerSchema,
  });

export const voidMarket = (id: string, reason: string) =>
  request<SettleAnswer>('POST', `${market(id)}/void`, {
    body: { reason },
    schema: import.meta.env.DEV && opsSettleAnswerSchema,
  });

export const cancelFixture = (id: string, reason: string) =>
  request<SettleAnswer>('POST', `${fixture(id)}/cancel`, {
    body: { reason },
    schema: import.meta.env.DEV && opsSettleAnswerSchema,
  });

/** A refusal or a conflict: the server's own sentence says why (outside every merchant, over). */
export const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  Boolean(error.message) &&
  (error.errorCode === 'forbidden' || error.errorCode === 'conflict');

/**
 * A trading write's failure as the trader reads it: the server's own sentence for a refusal or
 * a conflict (an operator outside every merchant, a fixture already over), which says more than
 * the catalogue's general words; for a refused field, its field and message; else the catalogue.
 */
export function tradeProblem(error: unknown): string {
  if (isRefusal(error)) return error.message;
  if (error instanceof ApiError && error.fields.length > 0)
    return error.fields.map((f) => `${f.path}: ${f.message}`).join('; ');
  return errorMessage(error);
}
