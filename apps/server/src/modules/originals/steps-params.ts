import type { ParamProblem } from '@taya/games';

/** The parameters of a game that takes none (video poker, blackjack): any field is refused. */
export function noParams(
  params: unknown,
): { ok: true; params: Record<string, unknown> } | { ok: false; problems: ParamProblem[] } {
  const keys = Object.keys((params ?? {}) as object);
  return keys.length === 0
    ? { ok: true, params: {} }
    : {
        ok: false,
        problems: keys.map((k) => ({ path: `params.${k}`, message: 'no parameters' })),
      };
}
