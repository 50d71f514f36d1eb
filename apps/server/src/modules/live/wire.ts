import {
  minorToDecimal,
  type LiveBet,
  type LiveGame,
  type LiveResult,
  type LiveShoe,
} from '@taya/contracts';
import { cardLabel, planShoe, shuffleShoe, type Card } from '@taya/games';
import { liveGameKind } from './games';
import type { liveBets, liveRounds, liveShoes, liveTables } from './schema';

export type LiveTableRow = typeof liveTables.$inferSelect;
export type LiveRoundRow = typeof liveRounds.$inferSelect;
export type LiveShoeRow = typeof liveShoes.$inferSelect;
export type LiveBetRow = typeof liveBets.$inferSelect;

/** A bet's stakes in the order the table lists its spots. */
export function stakesOf(
  row: Pick<LiveBetRow, 'stakes'>,
  spots: readonly string[],
): { spot: string; amount: bigint }[] {
  return spots.flatMap((spot) => {
    const v = row.stakes[spot];
    return v === undefined ? [] : [{ spot, amount: BigInt(v) }];
  });
}

export function betWire(bet: LiveBetRow, spots: readonly string[]): LiveBet {
  const dec = (v: bigint) => minorToDecimal(v, bet.scale);
  return {
    betId: bet.id,
    table: bet.table,
    round: Number(bet.roundId.split(':')[1]),
    player: bet.name,
    currency: bet.currency,
    stakes: stakesOf(bet, spots).map((s) => ({ spot: s.spot, amount: dec(s.amount) })),
    amount: dec(bet.stake),
    payout: bet.payout === null ? null : dec(bet.payout),
  };
}

/** A dealt round's result as the roads and strips read it (null while betting, or void). */
export function resultWire(table: LiveTableRow, round: LiveRoundRow): LiveResult | null {
  if (round.status !== 'dealt' || !round.outcome) return null;
  const kind = liveGameKind(table.game, table.variant);
  return { round: round.number, hand: round.hand, ...kind.summary(round.outcome) };
}

const shuffled = new Map<string, Card[]>();

/**
 * A shoe's cards in dealing order. The last few shoes' are kept in memory (each is 416 draws),
 * keyed by what the shuffle depends on — never by the shoe's id alone, which another database
 * (a test's, a restored copy) may give to a different shoe.
 */
export function shoeCards(shoe: Pick<LiveShoeRow, 'decks' | 'serverSeed' | 'clientSeed'>) {
  const key = `${shoe.decks}:${shoe.serverSeed}:${shoe.clientSeed}`;
  let cards = shuffled.get(key);
  if (!cards) {
    cards = shuffleShoe(shoe.decks, shoe.serverSeed, shoe.clientSeed);
    if (shuffled.size >= 64) shuffled.delete(shuffled.keys().next().value!);
    shuffled.set(key, cards);
  }
  return cards;
}

/** A shoe: the commitment, and the seed only once it has ended. */
export function shoeWire(shoe: LiveShoeRow): LiveShoe {
  const cards = shoeCards(shoe);
  const plan = planShoe(cards);
  return {
    shoe: shoe.number,
    decks: shoe.decks,
    serverSeedHash: shoe.seedHash,
    clientSeed: shoe.clientSeed,
    serverSeed: shoe.status === 'finished' ? shoe.serverSeed : null,
    hands: shoe.hands,
    cardsLeft: cards.length - shoe.position,
    burned: plan.burned.map(cardLabel),
    status: shoe.status,
  };
}

/** The id of a table's round `number` (`BAC-1:42`). */
export const roundIdOf = (table: string, number: number) => `${table}:${number}`;

/** The kernel round holding one merchant's bets of a table's round. */
export const kernelRoundIdOf = (table: string, number: number, merchantCode: string) =>
  `live-${table}-${number}-${merchantCode}`;

export const isLiveGame = (game: string): game is LiveGame =>
  ['baccarat', 'dragon-tiger', 'lucky9', 'roulette', 'sic-bo'].includes(game);
