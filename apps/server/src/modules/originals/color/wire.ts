import {
  colorGameColours,
  minorToDecimal,
  type ColorBet,
  type ColorGameColour,
  type ColorRound,
} from '@taya/contracts';
import type { colorBets, colorRounds } from './schema';

export type ColorBetRow = typeof colorBets.$inferSelect;
export type ColorRoundRow = typeof colorRounds.$inferSelect;

/** A bet's stakes in the colours' order. */
export function stakesOf(
  row: Pick<ColorBetRow, 'stakes'>,
): { colour: ColorGameColour; amount: bigint }[] {
  return colorGameColours.flatMap((colour) => {
    const v = row.stakes[colour];
    return v === undefined ? [] : [{ colour, amount: BigInt(v) }];
  });
}

export function betWire(bet: ColorBetRow): ColorBet {
  const dec = (v: bigint) => minorToDecimal(v, bet.scale);
  return {
    betId: bet.id,
    round: bet.round,
    player: bet.name,
    currency: bet.currency,
    stakes: stakesOf(bet).map((s) => ({ colour: s.colour, amount: dec(s.amount) })),
    amount: dec(bet.stake),
    payout: bet.payout === null ? null : dec(bet.payout),
  };
}

/** A rolled round with what proves it: its revealed server seed, its hash and client seed. */
export function roundWire(round: ColorRoundRow): ColorRound {
  const [a, b, c] = (round.dice ?? []) as ColorGameColour[];
  return {
    round: round.number,
    dice: [a!, b!, c!],
    serverSeed: round.serverSeed,
    serverSeedHash: round.seedHash,
    clientSeed: round.clientSeed,
    rolledAt: (round.rolledAt ?? new Date(0)).toISOString(),
  };
}
