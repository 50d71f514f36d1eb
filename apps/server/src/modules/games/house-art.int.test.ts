import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { houseGameArt, houseGameArtUrl, houseVendorArt } from '@taya/contracts';
import { createTestApp, type TestContext } from '../../test/harness';
import { gameIcon } from './catalog';
import { seedHouseArt } from './seed';
import { gameVendors, games } from './schema';

/** The web app's public files, which the build copies into its output as they are. */
const webPublic = fileURLToPath(new URL('../../../../web/public', import.meta.url));

/** A built web app in miniature: the shell and the public art, where the build puts them. */
function webBuildWithArt(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'taya-web-art-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  cpSync(path.join(webPublic, 'art'), path.join(dir, 'art'), { recursive: true });
  return dir;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webBuildWithArt() } });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The house vendors: the in-house slot and the house lottery. */
const houseVendors = ['TAYA', 'LOTT'];

async function lobbyCards(merchantCode: string) {
  const cards: { gameCode: string; vassalage: string; iconUrl: string | null }[] = [];
  for (const gameType of ['RNG', 'ELOTT', 'LOTT']) {
    const res = await get(
      `/wps/relay/GCSGAME_gameList?gameType=${gameType}&pageNo=1&pageSize=50&merchant=${merchantCode}`,
    );
    expect(res.statusCode).toBe(200);
    cards.push(...res.json().value.games);
  }
  return cards;
}

describe('the house games’ tile art', () => {
  it('gives every house game in the seeded catalogue an icon the server serves as SVG', async () => {
    const rows = await t.database.db
      .select()
      .from(games)
      .where(inArray(games.vendorCode, houseVendors));
    // The slot, the eight lotteries, the eight originals (dice, limbo, plinko, keno, crash, mines,
    // the Colour Game, scratch cards), the two video pokers, the six live tables, blackjack, the
    // cockfight arena and the sportsbook's sports and e-sports, for each demo market, and bingo
    // where Tagalog is spoken (TYPH).
    expect(rows.length).toBe(59);
    for (const row of rows) {
      expect(row.icon, row.id).toBe(houseGameArtUrl(row.gameCode));
      const res = await get(row.icon!);
      expect(res.statusCode, row.icon!).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('shows the art on the lobby’s tiles: no house tile is left to generated initials', async () => {
    const cards = await lobbyCards('TYPH');
    expect(cards.map((c) => c.gameCode).sort()).toEqual(
      [
        'TAYA_FORTUNE',
        'ELOTT_1M',
        'ELOTT_3M',
        'ELOTT_5M',
        'VN_NORTH',
        'VN_CENTRAL',
        'VN_SOUTH',
        'SEA_4D',
        'THAI',
      ].sort(),
    );
    for (const card of cards) expect(card.iconUrl, card.gameCode).toMatch(/^\/art\/games\/v1\//);
    // The house vendors' cards too: Taya Games and Taya Lottery.
    const lanes = (await get('/wps/relay/GCSGAME_gameVendor?merchant=TYPH')).json().value.data
      .lanes as { cards: { vassalage: string; lagerIcon: string | null }[] }[];
    const vendorCards = lanes.flatMap((lane) => lane.cards);
    expect(vendorCards.length).toBeGreaterThan(0);
    for (const card of vendorCards) {
      expect(card.lagerIcon, card.vassalage).toBe(
        houseVendorArt[card.vassalage as keyof typeof houseVendorArt],
      );
      expect((await get(card.lagerIcon!)).statusCode).toBe(200);
    }
  });

  it('serves every drawing of the set, small and self-contained', async () => {
    for (const [code, url] of Object.entries({ ...houseGameArt, ...houseVendorArt })) {
      const res = await get(url);
      expect(res.statusCode, code).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const svg = res.body;
      expect(svg.length, code).toBeLessThan(8 * 1024);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 100 100">/);
      // No raster, no outside font or file: everything it draws is in the file.
      expect(svg).not.toMatch(/<image|@import|@font-face|url\((?!#)|href="(?!#)/);
    }
    expect(houseGameArtUrl('TAYA_SCRATCH_LUCKY7')).toBe(houseGameArt.TAYA_SCRATCH);
    expect(houseGameArtUrl('SOME_VENDOR_GAME')).toBeNull();
  });

  it('fills in only icons that are missing, on an existing catalogue, keeping an operator’s own', async () => {
    const fortune = and(eq(games.merchantCode, 'TYPH'), eq(games.gameCode, 'TAYA_FORTUNE'));
    const thai = and(eq(games.merchantCode, 'TYPH'), eq(games.gameCode, 'THAI'));
    await t.database.db.update(games).set({ icon: '/uploads/own-art.png' }).where(fortune);
    await t.database.db.update(games).set({ icon: null }).where(thai);
    await t.database.db.transaction((tx) => seedHouseArt(tx));
    const [own] = await t.database.db.select().from(games).where(fortune);
    const [filled] = await t.database.db.select().from(games).where(thai);
    expect(own!.icon).toBe('/uploads/own-art.png');
    expect(filled!.icon).toBe(houseGameArt.THAI);
    const vendors = await t.database.db
      .select()
      .from(gameVendors)
      .where(inArray(gameVendors.code, houseVendors));
    expect(vendors.map((v) => v.largeIcon).sort()).toEqual(
      [houseVendorArt.LOTT, houseVendorArt.LOTT, houseVendorArt.TAYA, houseVendorArt.TAYA].sort(),
    );
  });

  it('gives a scratch card added later the scratch ticket', async () => {
    await t.database.db.insert(games).values({
      id: 'TYPH-TAYA-SCRATCH_GOLD',
      merchantCode: 'TYPH',
      vendorCode: 'TAYA',
      gameCode: 'TAYA_SCRATCH_GOLD',
      gameType: 'RNG',
      name: 'Gold Rush',
    });
    await t.database.db.transaction((tx) => seedHouseArt(tx));
    const [row] = await t.database.db
      .select()
      .from(games)
      .where(eq(games.id, 'TYPH-TAYA-SCRATCH_GOLD'));
    expect(row!.icon).toBe(houseGameArt.TAYA_SCRATCH);
    await t.database.db.delete(games).where(eq(games.id, 'TYPH-TAYA-SCRATCH_GOLD'));
  });

  it('gives a house game without an icon its art on the tile, and other vendors’ none', async () => {
    await t.database.db
      .update(games)
      .set({ icon: null })
      .where(and(eq(games.merchantCode, 'TYPH'), eq(games.gameCode, 'VN_SOUTH')));
    t.app.services.games.invalidate('TYPH');
    const card = (await lobbyCards('TYPH')).find((c) => c.gameCode === 'VN_SOUTH');
    expect(card?.iconUrl).toBe(houseGameArt.VN_SOUTH);
    expect(gameIcon({ icon: null, vendorCode: 'SANDBOX', gameCode: 'TAYA_DICE' })).toBeNull();
    expect(gameIcon({ icon: null, vendorCode: 'TAYA', gameCode: 'TAYA_DICE' })).toBe(
      houseGameArt.TAYA_DICE,
    );
  });
});
