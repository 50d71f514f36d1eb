import { z } from 'zod';
import {
  enterLotteryResultSchema,
  type EnterLotteryResult,
  type LotteryResultWire,
} from '@taya/contracts';
import { LOTTERY_GAMES, type GameDefinition } from '@taya/games';

/**
 * What an operator types for a game's result: one box per number of the draw, each with its
 * digit count, grouped by prize (a Vietnamese tier, a 4D prize, the Thai first prize). The boxes
 * are flat form fields (`<group>.<n>` → `group__n`); `toResult` turns them into the contracts'
 * result shape, which the form then checks with the contracts' own schema.
 */
export interface ResultGroup {
  /** The prize: a VN tier (`special` … `eighth`), `first`/`second`/`third`/`starters`/
   * `consolations` (4D) or `first`/`bottom2` (Thai). */
  key: string;
  count: number;
  digits: number;
}

export interface ResultShape {
  kind: Exclude<LotteryResultWire['kind'], 'cancelled' | 'ELOTT'>;
  groups: readonly ResultGroup[];
}

export const lotteryGames: readonly GameDefinition[] = LOTTERY_GAMES;

export const gameOf = (code: string) => lotteryGames.find((g) => g.code === code);

/** The boxes of a game's result, or null for a game the house draws (nothing to enter). */
export function resultShape(gameCode: string): ResultShape | null {
  const format = gameOf(gameCode)?.numberFormat;
  switch (format?.kind) {
    case 'VN':
      return {
        kind: 'VN',
        groups: format.layout.map((l) => ({ key: l.tier, count: l.count, digits: l.digits })),
      };
    case 'SEA_4D':
      return {
        kind: 'SEA_4D',
        groups: [
          { key: 'first', count: 1, digits: 4 },
          { key: 'second', count: 1, digits: 4 },
          { key: 'third', count: 1, digits: 4 },
          { key: 'starters', count: format.starters, digits: 4 },
          { key: 'consolations', count: format.consolations, digits: 4 },
        ],
      };
    case 'THAI':
      return {
        kind: 'THAI',
        groups: [
          { key: 'first', count: 1, digits: format.firstDigits },
          { key: 'bottom2', count: 1, digits: format.bottomDigits },
        ],
      };
    default:
      return null;
  }
}

export const fieldName = (group: string, index: number) => `${group}__${index}`;

export type ResultFormValues = Record<string, string> & { reason: string };

/** Empty boxes and reason. */
export function emptyValues(shape: ResultShape): ResultFormValues {
  const values: Record<string, string> = { reason: '' };
  for (const g of shape.groups) for (let i = 0; i < g.count; i++) values[fieldName(g.key, i)] = '';
  return values as ResultFormValues;
}

/** The typed boxes as the contracts' result. */
export function toResult(shape: ResultShape, values: Record<string, string>): LotteryResultWire {
  const numbers = (g: ResultGroup) =>
    Array.from({ length: g.count }, (_, i) => (values[fieldName(g.key, i)] ?? '').trim());
  const byKey = Object.fromEntries(shape.groups.map((g) => [g.key, numbers(g)]));
  switch (shape.kind) {
    case 'VN':
      return { kind: 'VN', prizes: byKey };
    case 'SEA_4D':
      return {
        kind: 'SEA_4D',
        first: byKey.first![0]!,
        second: byKey.second![0]!,
        third: byKey.third![0]!,
        starters: byKey.starters!,
        consolations: byKey.consolations!,
      };
    case 'THAI':
      return { kind: 'THAI', first: byKey.first![0]!, bottom2: byKey.bottom2![0]! };
  }
}

/**
 * The form's schema for one issue: each box exactly its digit count, then the whole body
 * (result and reason) through the contracts' `enterLotteryResultSchema`, as the server checks it.
 */
export function resultFormSchema(
  shape: ResultShape,
  issue: { gameCode: string; issueId: string },
  messages: { digits: (n: number) => string },
) {
  const boxes: Record<string, z.ZodString> = {};
  for (const g of shape.groups)
    for (let i = 0; i < g.count; i++)
      boxes[fieldName(g.key, i)] = z
        .string()
        .trim()
        .regex(new RegExp(`^\\d{${g.digits}}$`), messages.digits(g.digits));
  return z
    .object({ ...boxes, reason: enterLotteryResultSchema.shape.reason })
    .transform((values): EnterLotteryResult => ({
      gameCode: issue.gameCode,
      issueId: issue.issueId,
      result: toResult(shape, values as Record<string, string>),
      reason: values.reason,
    }))
    .pipe(enterLotteryResultSchema);
}
