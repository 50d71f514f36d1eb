import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { gameVendors, games } from './schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // A vendor in the catalogue whose games have no page to be played on: the site hosts only the
  // in-house slot and the house lotteries, and this vendor gives no launch address of its own.
  await t.database.db.insert(gameVendors).values({
    merchantCode: 'TYPH',
    code: 'NOPAGE',
    gameType: 'LIVE',
    displayName: 'Vendor without a game page',
    walletMode: 'seamless',
  });
  await t.database.db.insert(games).values([
    {
      id: 'TYPH-NOPAGE-LIVE',
      merchantCode: 'TYPH',
      vendorCode: 'NOPAGE',
      gameCode: 'LIVE1',
      gameType: 'LIVE',
      name: 'Unhosted Live Table',
    },
    {
      id: 'TYPH-NOPAGE-RNG',
      merchantCode: 'TYPH',
      vendorCode: 'NOPAGE',
      gameCode: 'RNG1',
      gameType: 'RNG',
      name: 'Unhosted Slot',
    },
  ]);
  t.app.services.games.invalidate('TYPH');
});
afterAll(() => t.close());

const value = async (url: string) =>
  (await t.app.inject({ method: 'GET', url })).json().value as unknown;

describe('the lobby', () => {
  it('shows no tile for a game that has no page to be played on', async () => {
    // Only the house's live tables, each with its page; not the vendor's table.
    const live = (await value('/wps/relay/GCSGAME_gameList?gameType=LIVE&pageSize=50')) as {
      games: { vassalage: string }[];
    };
    expect(live.games.map((g) => g.vassalage)).toEqual(Array(6).fill('TAYA'));
    const rng = (await value('/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=50')) as {
      games: { vassalage: string }[];
    };
    expect(rng.games.map((g) => g.vassalage)).toEqual(['TAYA']);
    const search = (await value('/wps/relay/GCSGAME_gameList?gameName=Unhosted')) as {
      totalCount: number;
    };
    expect(search.totalCount).toBe(0);
    const hot = (await value('/wps/relay/GCSGAME_hotGamesV2')) as { list: { vassalage: string }[] };
    expect(hot.list.some((g) => g.vassalage === 'NOPAGE')).toBe(false);
    expect(JSON.stringify(await value('/wps/relay/GCSGAME_getVassGameType'))).not.toContain(
      'NOPAGE',
    );
    expect(JSON.stringify(await value('/wps/relay/GCSGAME_gameVendor'))).not.toContain('NOPAGE');
    expect(JSON.stringify(await value('/lgw/games/game_menus?device=WEB'))).not.toContain('NOPAGE');
  });
});
