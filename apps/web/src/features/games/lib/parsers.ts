import { gameCardSchema } from '@taya/contracts';
import type { Parser } from '../../../lib/api-client';
import type { GameCard } from './types';

/**
 * Answers whose schema the contracts do not export yet (the server declares them inline): hot
 * games, recent games, favourite ids and vendor codes by game type. Checked by hand here, game
 * cards with the contracts' own schema, so the web app needs no zod of its own.
 */
function record(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null) throw new TypeError('expected an object');
  return input as Record<string, unknown>;
}

function array(input: unknown): unknown[] {
  if (!Array.isArray(input)) throw new TypeError('expected a list');
  return input;
}

function cards(input: unknown): GameCard[] {
  return array(input).map((item) => gameCardSchema.parse(item));
}

/** GCSGAME_hotGamesV2 → `{list: GameCard[]}`. */
export const hotGamesParser: Parser<{ list: GameCard[] }> = {
  parse: (input) => ({ list: cards(record(input).list) }),
};

/** GCS_recentGame → `{list: GameCard[], page, pageSize}`. */
export const recentGamesParser: Parser<{ list: GameCard[]; page: number; pageSize: number }> = {
  parse(input) {
    const value = record(input);
    return { list: cards(value.list), page: Number(value.page), pageSize: Number(value.pageSize) };
  },
};

/** MCSFE_getFavoriteGameIds → `{list: nodeId[]}`. */
export const favouriteIdsParser: Parser<{ list: string[] }> = {
  parse: (input) => ({ list: array(record(input).list).map(String) }),
};

/** GCSGAME_getVassGameType → `{content: {RNG: ['TAYA'], …}}`. */
export const vendorTypesParser: Parser<{ content: Record<string, string[]> }> = {
  parse(input) {
    const content = record(record(input).content);
    return {
      content: Object.fromEntries(
        Object.entries(content).map(([type, codes]) => [type, array(codes).map(String)]),
      ),
    };
  },
};
