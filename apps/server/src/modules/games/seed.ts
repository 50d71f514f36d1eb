import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { houseGameArt, houseVendorArt } from '@taya/contracts';
import type { Seed } from '../../platform/seed';
import type { Tx } from '../../platform/db';
import { merchantCodes, merchantsSpeaking } from '../system';
import { gameVendors, games } from './schema';
import { hostedVendors } from './catalog';

/**
 * The in-house vendor, TAYA, and its first game, for every market: it needs no outside contract,
 * and its games speak the same seamless protocol as any vendor's.
 */
export const gamesBaseSeed: Seed = {
  name: 'games/taya@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx.insert(gameVendors).values({
        merchantCode,
        code: 'TAYA',
        gameType: 'RNG',
        displayName: 'Taya Games',
        walletMode: 'seamless',
        sort: 0,
      });
      await tx.insert(games).values({
        id: `${merchantCode}-TAYA-FORTUNE`,
        merchantCode,
        vendorCode: 'TAYA',
        gameCode: 'TAYA_FORTUNE',
        gameType: 'RNG',
        name: 'Taya Fortune',
        names: { en: 'Taya Fortune', ty: 'Taya Fortune', my: 'တာယာ ကံကောင်းခြင်း' },
        icon: null,
        isNew: true,
        sort: 0,
      });
    }
  },
};

/**
 * The house originals (the originals module plays them on the wagering kernel): listed under the
 * in-house vendor as mini games, so the lobby shows them; each tile opens `/originals/<name>`.
 */
export const gamesOriginalsSeed: Seed = {
  name: 'games/taya-originals@1',
  async run(tx) {
    const originals = [
      { code: 'TAYA_DICE', name: 'Dice', my: 'အန်စာတုံး' },
      { code: 'TAYA_LIMBO', name: 'Limbo', my: 'လင်ဘို' },
    ];
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx.insert(games).values(
        originals.map((g, i) => ({
          id: `${merchantCode}-${g.code.replace('_', '-')}`,
          merchantCode,
          vendorCode: 'TAYA',
          gameCode: g.code,
          gameType: 'MINI',
          name: g.name,
          names: { en: g.name, ty: g.name, my: g.my },
          icon: null,
          isNew: true,
          sort: 10 + i,
        })),
      );
    }
  },
};

/**
 * Plinko and keno join the originals (mini games of the in-house vendor), with their tile art:
 * a database seeded before them gets them too.
 */
export const gamesOriginalsPlinkoKenoSeed: Seed = {
  name: 'games/taya-originals-plinko-keno@1',
  async run(tx) {
    const originals = [
      { code: 'TAYA_PLINKO', name: 'Plinko', my: 'ပလင်ကို' },
      { code: 'TAYA_KENO', name: 'Keno', my: 'ကီနို' },
    ] as const;
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx
        .insert(games)
        .values(
          originals.map((g, i) => ({
            id: `${merchantCode}-${g.code.replace('_', '-')}`,
            merchantCode,
            vendorCode: 'TAYA',
            gameCode: g.code,
            gameType: 'MINI',
            name: g.name,
            names: { en: g.name, ty: g.name, my: g.my },
            icon: houseGameArt[g.code],
            isNew: true,
            sort: 12 + i,
          })),
        )
        .onConflictDoNothing();
    }
  },
};

/**
 * The scratch cards (category SC): one catalogue entry, TAYA_SCRATCH, whose page offers the three
 * cards (the card is a bet parameter); its tile is the scratch ticket art.
 */
export const gamesScratchSeed: Seed = {
  name: 'games/taya-scratch@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx.insert(games).values({
        id: `${merchantCode}-TAYA-SCRATCH`,
        merchantCode,
        vendorCode: 'TAYA',
        gameCode: 'TAYA_SCRATCH',
        gameType: 'SC',
        name: 'Scratch Cards',
        names: { en: 'Scratch Cards', ty: 'Scratch Cards', my: 'ခြစ်ကတ်များ' },
        icon: null,
        isNew: true,
        sort: 30,
      });
    }
    await seedHouseArt(tx);
  },
};

/**
 * Crash (the originals module's shared rounds) joins the house originals as a mini game of the
 * in-house vendor, with its tile art; its tile opens `/house/crash`.
 */
export const gamesCrashSeed: Seed = {
  name: 'games/taya-crash@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx
        .insert(games)
        .values({
          id: `${merchantCode}-TAYA-CRASH`,
          merchantCode,
          vendorCode: 'TAYA',
          gameCode: 'TAYA_CRASH',
          gameType: 'MINI',
          name: 'Crash',
          names: { en: 'Crash', ty: 'Crash', my: 'ကရက်ရှ်' },
          icon: null,
          isNew: true,
          sort: 9,
        })
        .onConflictDoNothing();
    }
    await seedHouseArt(tx);
  },
};

/**
 * 75-ball bingo (category BG), with its tile art, only for the merchants whose languages include
 * Tagalog (SPEC §1: bingo only where TY is supported): TYPH, not TYMM. Its tile opens
 * `/house/bingo`.
 */
export const gamesBingoSeed: Seed = {
  name: 'games/taya-bingo@1',
  async run(tx) {
    for (const merchant of await merchantsSpeaking(tx, 'TY')) {
      await tx
        .insert(games)
        .values({
          id: `${merchant.code}-TAYA-BINGO`,
          merchantCode: merchant.code,
          vendorCode: 'TAYA',
          gameCode: 'TAYA_BINGO',
          gameType: 'BG',
          name: 'Bingo',
          names: { en: 'Bingo', ty: 'Bingo', my: 'ဘင်ဂို' },
          icon: null,
          isNew: true,
          sort: 10,
        })
        .onConflictDoNothing();
    }
    await seedHouseArt(tx);
  },
};

/**
 * The Colour Game (the originals module's shared timed rounds) joins the house originals as a
 * mini game of the in-house vendor (the lane of dice, limbo and crash: a quick house game, not
 * an arcade title), with its tile art; its tile opens `/house/color-game`.
 */
export const gamesColorGameSeed: Seed = {
  name: 'games/taya-color-game@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx
        .insert(games)
        .values({
          id: `${merchantCode}-TAYA-COLOR`,
          merchantCode,
          vendorCode: 'TAYA',
          gameCode: 'TAYA_COLOR',
          gameType: 'MINI',
          name: 'Color Game',
          names: { en: 'Color Game', ty: 'Color Game (Perya)', my: 'အရောင်ဂိမ်း' },
          icon: null,
          isNew: true,
          sort: 10,
        })
        .onConflictDoNothing();
    }
    await seedHouseArt(tx);
  },
};

/**
 * The live tables (modules/live) as catalogue entries of the in-house vendor, category LIVE: one
 * per table (`TAYA_LIVE_<table>`), its tile opening `/live/<table>`.
 */
export const gamesLiveTablesSeed: Seed = {
  name: 'games/taya-live-tables@1',
  async run(tx) {
    const tables = [
      { code: 'BAC-1', name: 'Baccarat 1', ty: 'Baccarat 1', my: 'ဘာကာရက် ၁' },
      { code: 'BAC-2', name: 'Super 6 Baccarat', ty: 'Super 6 Baccarat', my: 'Super 6 ဘာကာရက်' },
      { code: 'DT-1', name: 'Dragon Tiger', ty: 'Dragon Tiger', my: 'နဂါး ကျား' },
      { code: 'L9-1', name: 'Lucky 9', ty: 'Lucky 9', my: 'Lucky 9' },
      { code: 'RO-1', name: 'European Roulette', ty: 'European Roulette', my: 'ရူးလက်' },
      { code: 'SB-1', name: 'Sic Bo', ty: 'Sic Bo', my: 'စစ်ဘို' },
    ];
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx
        .insert(games)
        .values(
          tables.map((t, i) => ({
            id: `${merchantCode}-TAYA-LIVE-${t.code}`,
            merchantCode,
            vendorCode: 'TAYA',
            gameCode: `TAYA_LIVE_${t.code}`,
            gameType: 'LIVE',
            name: t.name,
            names: { en: t.name, ty: t.ty, my: t.my },
            icon: null,
            isNew: true,
            sort: 30 + i,
          })),
        )
        .onConflictDoNothing();
    }
    await seedHouseArt(tx);
  },
};

/**
 * The house originals played in steps: mines (a mini game) and video poker, one code per pay
 * table (category VP: Jacks or Better 9/6, Deuces Wild full pay), with their tile art.
 */
export const gamesOriginalStepsSeed: Seed = {
  name: 'games/taya-originals-steps@1',
  async run(tx) {
    const originals = [
      { code: 'TAYA_MINES', type: 'MINI', name: 'Mines', my: 'မိုင်း', sort: 14 },
      { code: 'TAYA_VP_JOB', type: 'VP', name: 'Jacks or Better', my: 'Jacks or Better', sort: 20 },
      { code: 'TAYA_VP_DEUCES', type: 'VP', name: 'Deuces Wild', my: 'Deuces Wild', sort: 21 },
    ];
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx.insert(games).values(
        originals.map((g) => ({
          id: `${merchantCode}-${g.code.replaceAll('_', '-')}`,
          merchantCode,
          vendorCode: 'TAYA',
          gameCode: g.code,
          gameType: g.type,
          name: g.name,
          names: { en: g.name, ty: g.name, my: g.my },
          icon: null,
          isNew: true,
          sort: g.sort,
        })),
      );
    }
    await seedHouseArt(tx);
  },
};

/** Blackjack, one hand against the dealer (category TG: table games), with its tile art. */
export const gamesBlackjackSeed: Seed = {
  name: 'games/taya-blackjack@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx
        .insert(games)
        .values({
          id: `${merchantCode}-TAYA-BLACKJACK`,
          merchantCode,
          vendorCode: 'TAYA',
          gameCode: 'TAYA_BLACKJACK',
          gameType: 'TG',
          name: 'Blackjack',
          names: { en: 'Blackjack', ty: 'Blackjack', my: 'ဘလက်ဂျက်' },
          icon: null,
          isNew: true,
          sort: 40,
        })
        .onConflictDoNothing();
    }
    await seedHouseArt(tx);
  },
};

/**
 * The cockfight arena (modules/cockfight) as a catalogue entry of the in-house vendor, category
 * COCKFIGHT (`TAYA_SABONG_<arena>`), with its tile art, for each merchant, switched OFF: an
 * operator switches it on where e-sabong is lawful (the console's game switch, audited with who
 * and why).
 */
export const gamesCockfightSeed: Seed = {
  name: 'games/taya-cockfight@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx
        .insert(games)
        .values({
          id: `${merchantCode}-TAYA-SABONG-SAB-1`,
          merchantCode,
          vendorCode: 'TAYA',
          gameCode: 'TAYA_SABONG_SAB-1',
          gameType: 'COCKFIGHT',
          name: 'Taya Sabong Arena',
          names: { en: 'Taya Sabong Arena', ty: 'Taya Sabungan', my: 'Taya ကြက်တိုက်ကွင်း' },
          icon: null,
          isNew: true,
          enabled: false,
          sort: 1,
        })
        .onConflictDoNothing();
    }
    await seedHouseArt(tx);
  },
};

/** Development and demo: the demo merchants' arenas switched on, so the pages can be tried. */
export const gamesCockfightDemoSeed: Seed = {
  name: 'games/taya-cockfight-demo-on@1',
  async run(tx) {
    await tx
      .update(games)
      .set({ enabled: true })
      .where(and(eq(games.vendorCode, 'TAYA'), like(games.gameCode, 'TAYA_SABONG_%')));
  },
};

/**
 * The sportsbook (modules/sportsbook) as two catalogue entries of the in-house vendor: sports
 * (category SPORTS) and e-sports (ESPORTS), the rounds its tickets are held in, for each merchant,
 * switched off until an operator switches them on (the sandbox feed runs only then).
 */
export const gamesSportsbookSeed: Seed = {
  name: 'games/taya-sportsbook@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      for (const [code, type, name, names] of [
        [
          'TAYA_SPORTS',
          'SPORTS',
          'Taya Sports',
          { en: 'Taya Sports', ty: 'Taya Sports', my: 'Taya အားကစား' },
        ],
        [
          'TAYA_ESPORTS',
          'ESPORTS',
          'Taya E-sports',
          { en: 'Taya E-sports', ty: 'Taya E-sports', my: 'Taya အီးစပို့' },
        ],
      ] as const) {
        await tx
          .insert(games)
          .values({
            id: `${merchantCode}-${code.replace('_', '-')}`,
            merchantCode,
            vendorCode: 'TAYA',
            gameCode: code,
            gameType: type,
            name,
            names,
            icon: null,
            isNew: true,
            enabled: false,
            sort: 1,
          })
          .onConflictDoNothing();
      }
    }
    await seedHouseArt(tx);
  },
};

/** Development and demo: the demo merchants' sportsbook switched on (the sandbox feed's matches). */
export const gamesSportsbookDemoSeed: Seed = {
  name: 'games/taya-sportsbook-demo-on@1',
  async run(tx) {
    await tx
      .update(games)
      .set({ enabled: true })
      .where(
        and(eq(games.vendorCode, 'TAYA'), inArray(games.gameCode, ['TAYA_SPORTS', 'TAYA_ESPORTS'])),
      );
  },
};

/** Adds a vendor and its games to a merchant's catalog (other modules' seeds list theirs so). */
export async function seedCatalog(
  tx: Tx,
  vendor: typeof gameVendors.$inferInsert,
  rows: (typeof games.$inferInsert)[],
): Promise<void> {
  await tx.insert(gameVendors).values(vendor);
  await tx.insert(games).values(rows);
}

/**
 * Gives the house games (the in-house slot, the house lottery, the originals) their tile art and
 * the house vendors their cards' (`houseGameArt`, `houseVendorArt` in @taya/contracts) where a
 * game or vendor has none yet: an operator's own icon stays. Seeds call it once the games they
 * add exist.
 */
export async function seedHouseArt(tx: Tx): Promise<void> {
  for (const [code, url] of Object.entries(houseVendorArt)) {
    await tx
      .update(gameVendors)
      .set({ largeIcon: url })
      .where(and(eq(gameVendors.code, code), isNull(gameVendors.largeIcon)));
  }
  for (const [gameCode, url] of Object.entries(houseGameArt)) {
    await tx
      .update(games)
      .set({ icon: url })
      .where(
        and(
          eq(games.gameCode, gameCode),
          inArray(games.vendorCode, [...hostedVendors]),
          isNull(games.icon),
        ),
      );
  }
  // Every scratch card shares the scratch ticket (`houseGameArtUrl`).
  await tx
    .update(games)
    .set({ icon: houseGameArt.TAYA_SCRATCH })
    .where(
      and(
        like(games.gameCode, 'TAYA\\_SCRATCH\\_%'),
        inArray(games.vendorCode, [...hostedVendors]),
        isNull(games.icon),
      ),
    );
}

/** The house games' tile art, for new databases and the games of existing ones. */
export const gamesHouseArtSeed: Seed = {
  name: 'games/house-art@1',
  run: seedHouseArt,
};
