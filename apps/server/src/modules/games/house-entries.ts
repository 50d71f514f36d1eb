import type { GamesService } from './service';

/**
 * A merchant's catalogue entries of one in-house vendor whose codes start with `prefix` (the live
 * tables' `TAYA_LIVE_`, the arenas' `TAYA_SABONG_`), by code, each with whether it is under
 * maintenance (the game's or its vendor's switch). Entries switched off are not in the catalogue.
 */
export async function houseEntries(
  games: Pick<GamesService, 'catalog'>,
  merchantCode: string,
  vendorCode: string,
  prefix: string,
) {
  const catalog = await games.catalog(merchantCode);
  const vendor = catalog.vendors.find((v) => v.code === vendorCode);
  return new Map(
    catalog.games
      .filter((g) => g.vendorCode === vendorCode && g.gameCode.startsWith(prefix))
      .map((g) => [
        g.gameCode,
        { game: g, maintenance: g.maintenance || (vendor?.maintenance ?? false) },
      ]),
  );
}
