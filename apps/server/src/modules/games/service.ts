import type { Db } from '../../platform/db';
import type { SystemService } from '../system';
import { GamesCatalog } from './catalog';
import { GameFavourites } from './favourites';
import { GameLaunch } from './launch';
import { GamesOps } from './ops';
import { BetRecordBook } from './records';
import type { Rankings } from './rankings';

export { maskName } from './model';

/**
 * The game catalog (vendors and games per merchant), launch, favourites, recent games, the winner
 * board and the member's bet records. Each use case lives in its own file; this class is their
 * one face to routes, other modules and tests.
 */
export class GamesService {
  private readonly lobby: GamesCatalog;
  private readonly launcher: GameLaunch;
  private readonly favouriteGames: GameFavourites;
  private readonly records: BetRecordBook;
  /** The operator console's catalog and gaming switches. */
  readonly ops: GamesOps;

  constructor(
    db: Db,
    system: SystemService,
    private readonly rankings: Rankings,
  ) {
    this.lobby = new GamesCatalog(db, system, rankings);
    this.launcher = new GameLaunch(db, this.lobby);
    this.favouriteGames = new GameFavourites(db, this.lobby);
    this.records = new BetRecordBook(db, this.lobby, rankings);
    this.ops = new GamesOps(db, this.lobby);
  }

  // Catalog and lobby.

  /** Catalog changes made on any node reach every node's copy (`GamesCatalog.shareChanges`). */
  shareChanges(...args: Parameters<GamesCatalog['shareChanges']>) {
    this.lobby.shareChanges(...args);
  }

  invalidate(...args: Parameters<GamesCatalog['invalidate']>) {
    this.lobby.invalidate(...args);
  }

  catalog(...args: Parameters<GamesCatalog['catalog']>) {
    return this.lobby.catalog(...args);
  }

  gameList(...args: Parameters<GamesCatalog['gameList']>) {
    return this.lobby.gameList(...args);
  }

  vassGameType(...args: Parameters<GamesCatalog['vassGameType']>) {
    return this.lobby.vassGameType(...args);
  }

  gameVendor(...args: Parameters<GamesCatalog['gameVendor']>) {
    return this.lobby.gameVendor(...args);
  }

  menus(...args: Parameters<GamesCatalog['menus']>) {
    return this.lobby.menus(...args);
  }

  hotGames(...args: Parameters<GamesCatalog['hotGames']>) {
    return this.lobby.hotGames(...args);
  }

  /**
   * Brings the rankings rollup (hot games, winner boards) up to date with the settled-bet stream
   * now, as its job does every minute; returns how many records it read.
   */
  rollUpRankings(): Promise<number> {
    return this.rankings.advance();
  }

  setMaintenance(...args: Parameters<GamesCatalog['setMaintenance']>) {
    return this.lobby.setMaintenance(...args);
  }

  vendorNames(...args: Parameters<GamesCatalog['vendorNames']>) {
    return this.lobby.vendorNames(...args);
  }

  enabledGameCodes(...args: Parameters<GamesCatalog['enabledGameCodes']>) {
    return this.lobby.enabledGameCodes(...args);
  }

  catalogEntry(...args: Parameters<GamesCatalog['catalogEntry']>) {
    return this.lobby.catalogEntry(...args);
  }

  // Launch.

  launch(...args: Parameters<GameLaunch['launch']>) {
    return this.launcher.launch(...args);
  }

  // Favourites.

  addFavourite(...args: Parameters<GameFavourites['addFavourite']>) {
    return this.favouriteGames.addFavourite(...args);
  }

  removeFavourite(...args: Parameters<GameFavourites['removeFavourite']>) {
    return this.favouriteGames.removeFavourite(...args);
  }

  favouriteIds(...args: Parameters<GameFavourites['favouriteIds']>) {
    return this.favouriteGames.favouriteIds(...args);
  }

  favourites(...args: Parameters<GameFavourites['favourites']>) {
    return this.favouriteGames.favourites(...args);
  }

  // Bet records and winners.

  recent(...args: Parameters<BetRecordBook['recent']>) {
    return this.records.recent(...args);
  }

  rankList(...args: Parameters<BetRecordBook['rankList']>) {
    return this.records.rankList(...args);
  }

  winners(...args: Parameters<BetRecordBook['winners']>) {
    return this.records.winners(...args);
  }

  betRecords(...args: Parameters<BetRecordBook['betRecords']>) {
    return this.records.betRecords(...args);
  }

  profit(...args: Parameters<BetRecordBook['profit']>) {
    return this.records.profit(...args);
  }
}
