import type { LiveGame, LiveResult } from '@taya/contracts';
import {
  BACCARAT_ENGINE_ID,
  baccaratOdds,
  baccaratRules,
  baccaratSpotRtp,
  cardLabel,
  dealBaccarat,
  dealDragonTiger,
  dealLucky9,
  DRAGON_TIGER_ENGINE_ID,
  DRAGON_TIGER_RULES,
  dragonTigerSpotRtp,
  LUCKY9_ENGINE_ID,
  LUCKY9_RULES,
  lucky9Odds,
  lucky9SpotRtp,
  drawRoulette,
  drawSicBo,
  ROULETTE_ENGINE_ID,
  ROULETTE_RULES,
  rouletteSpotRtp,
  SIC_BO_ENGINE_ID,
  SIC_BO_RULES,
  sicBoSpotRtp,
  type DragonTigerOutcome,
  type DragonTigerSpot,
  type Lucky9Outcome,
  type Lucky9Spot,
  type BaccaratSpot,
  type BaccaratVariant,
  type Card,
  type Multiplier,
  type Rng,
  type TableRules,
} from '@taya/games';

/** What the pages and roads read of a finished hand or spin. */
export type ResultSummary = Omit<LiveResult, 'round' | 'hand'>;

/**
 * A live game as the tables run it: its rules (spots and payouts, `@taya/games`), how a round's
 * outcome is made — dealt from the table's shoe (`decks`) or drawn from the round's own seed —
 * and how it is summarised for the roads. Main spots take the table's max bet; the others (ties,
 * pairs, totals …) its side max.
 */
export interface LiveGameKind {
  game: LiveGame;
  engine: string;
  rules: TableRules<Record<string, unknown>>;
  mainSpots: readonly string[];
  /** The exact return of each spot (the help panel shows it). */
  spotRtp(spot: string): Multiplier;
  /** How long the pages show the deal or spin before the result. */
  dealingMs: number;
  shoe: { decks: number; maxCards: number; deal(shoe: readonly Card[], at: number): Dealt } | null;
  draw: ((rng: Rng) => Record<string, unknown>) | null;
  summary(outcome: Record<string, unknown>): ResultSummary;
}

interface Dealt {
  outcome: Record<string, unknown>;
  used: number;
}

const noCards = { win: null, bankerPair: false, playerPair: false, pocket: null, dice: null };

let oddsCache: ReturnType<typeof baccaratOdds> | null = null;
const odds = () => (oddsCache ??= baccaratOdds(8));

function baccarat(variant: BaccaratVariant): LiveGameKind {
  const rules = baccaratRules(variant) as unknown as TableRules<Record<string, unknown>>;
  return {
    game: 'baccarat',
    engine: BACCARAT_ENGINE_ID,
    rules,
    mainSpots: ['player', 'banker'],
    spotRtp: (spot) => baccaratSpotRtp(variant, spot as BaccaratSpot, odds()),
    dealingMs: 6_000,
    shoe: {
      decks: 8,
      maxCards: 6,
      deal(shoe, at) {
        const hand = dealBaccarat(shoe, at);
        return { outcome: hand, used: hand.used };
      },
    },
    draw: null,
    summary(outcome) {
      const hand = outcome as ReturnType<typeof dealBaccarat>;
      return {
        ...noCards,
        win: hand.winner === 'banker' ? 'B' : hand.winner === 'player' ? 'P' : 'T',
        bankerPair: hand.bankerPair,
        playerPair: hand.playerPair,
        outcome: {
          player: hand.player.map(cardLabel),
          banker: hand.banker.map(cardLabel),
          playerTotal: hand.playerTotal,
          bankerTotal: hand.bankerTotal,
          winner: hand.winner,
          natural: hand.natural,
        },
      };
    },
  };
}

const anyRules = <O>(rules: TableRules<O>) =>
  rules as unknown as TableRules<Record<string, unknown>>;

const dragonTiger: LiveGameKind = {
  game: 'dragon-tiger',
  engine: DRAGON_TIGER_ENGINE_ID,
  rules: anyRules(DRAGON_TIGER_RULES),
  mainSpots: ['dragon', 'tiger'],
  spotRtp: (spot) => dragonTigerSpotRtp(spot as DragonTigerSpot),
  dealingMs: 4_000,
  shoe: {
    decks: 8,
    maxCards: 2,
    deal: (shoe, at) => ({ outcome: dealDragonTiger(shoe, at), used: 2 }),
  },
  draw: null,
  summary(outcome) {
    const o = outcome as DragonTigerOutcome;
    return {
      ...noCards,
      win: o.winner === 'dragon' ? 'B' : o.winner === 'tiger' ? 'P' : 'T',
      outcome: {
        dragon: cardLabel(o.dragon),
        tiger: cardLabel(o.tiger),
        winner: o.winner,
        suitedTie: o.suitedTie,
      },
    };
  },
};

let lucky9OddsCache: ReturnType<typeof lucky9Odds> | null = null;

const lucky9: LiveGameKind = {
  game: 'lucky9',
  engine: LUCKY9_ENGINE_ID,
  rules: anyRules(LUCKY9_RULES),
  mainSpots: ['player', 'banker'],
  spotRtp: (spot) => lucky9SpotRtp(spot as Lucky9Spot, (lucky9OddsCache ??= lucky9Odds(8))),
  dealingMs: 6_000,
  shoe: {
    decks: 8,
    maxCards: 6,
    deal(shoe, at) {
      const o = dealLucky9(shoe, at);
      return { outcome: o, used: o.used };
    },
  },
  draw: null,
  summary(outcome) {
    const o = outcome as Lucky9Outcome;
    return {
      ...noCards,
      win: o.result === 'banker' ? 'B' : o.result === 'player' ? 'P' : 'T',
      outcome: {
        player: o.player.cards.map(cardLabel),
        banker: o.banker.cards.map(cardLabel),
        playerTotal: o.player.total,
        bankerTotal: o.banker.total,
        playerLabel: o.player.label,
        bankerLabel: o.banker.label,
        winner: o.result,
        lucky9Win: o.lucky9Win,
        autoLoss: o.autoLoss,
      },
    };
  },
};

const roulette: LiveGameKind = {
  game: 'roulette',
  engine: ROULETTE_ENGINE_ID,
  rules: anyRules(ROULETTE_RULES),
  // The outside bets take the table's max; every inside bet its side max.
  mainSpots: [
    'red',
    'black',
    'odd',
    'even',
    'low',
    'high',
    ...[1, 2, 3].flatMap((n) => [`column:${n}`, `dozen:${n}`]),
  ],
  spotRtp: (spot) => rouletteSpotRtp(spot),
  dealingMs: 8_000,
  shoe: null,
  draw: (rng) => drawRoulette(rng),
  summary(outcome) {
    const pocket = (outcome as { pocket: number }).pocket;
    return { ...noCards, pocket, outcome: { pocket } };
  },
};

const sicBo: LiveGameKind = {
  game: 'sic-bo',
  engine: SIC_BO_ENGINE_ID,
  rules: anyRules(SIC_BO_RULES),
  mainSpots: ['small', 'big', 'odd', 'even'],
  spotRtp: (spot) => sicBoSpotRtp(spot),
  dealingMs: 6_000,
  shoe: null,
  draw: (rng) => drawSicBo(rng),
  summary(outcome) {
    const dice = [...(outcome as { dice: number[] }).dice];
    return { ...noCards, dice, outcome: { dice, total: dice.reduce((a, b) => a + b, 0) } };
  },
};

const kinds: Record<string, LiveGameKind> = {
  roulette,
  'sic-bo': sicBo,
  'baccarat:classic': baccarat('classic'),
  'baccarat:no-commission': baccarat('no-commission'),
  'dragon-tiger': dragonTiger,
  lucky9,
};

/** The kind of a table's game and variant (a table the code does not know is a programming error). */
export function liveGameKind(game: string, variant: string | null): LiveGameKind {
  const kind = kinds[`${game}:${variant ?? ''}`] ?? kinds[game];
  if (!kind) throw new Error(`no live game ${game}:${variant}`);
  return kind;
}
