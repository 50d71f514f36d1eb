import { gameVendors, games } from '../modules/games/schema';
import { SeamlessClient } from '../modules/games/seamless-client';
import { createTestApp, loginDemo, type TestContext } from './harness';

/** The simulated seamless vendor the tests play against, and its one game. */
export const simVendor = {
  code: 'SIMVENDOR',
  secret: 'sim-vendor-secret-0123456789abcdef',
  gameId: 'TYPH-SIM-BACCARAT',
} as const;

/**
 * A test app with the simulated vendor in TYPH's catalog (a seamless live vendor with one
 * baccarat table), and the vendor's signing client.
 */
export async function appWithSimVendor(): Promise<{ t: TestContext; vendor: SeamlessClient }> {
  const t = await createTestApp({
    env: { VENDOR_SECRETS: `${simVendor.code}=${simVendor.secret}` },
  });
  await t.database.db.insert(gameVendors).values({
    merchantCode: 'TYPH',
    code: simVendor.code,
    gameType: 'LIVE',
    displayName: 'Simulated vendor',
    walletMode: 'seamless',
  });
  await t.database.db.insert(games).values({
    id: simVendor.gameId,
    merchantCode: 'TYPH',
    vendorCode: simVendor.code,
    gameCode: 'BAC1',
    gameType: 'LIVE',
    name: 'Simulated Baccarat',
  });
  t.app.services.games.invalidate('TYPH');
  return { t, vendor: new SeamlessClient(t.app, simVendor.code, simVendor.secret) };
}

/** A demo member launches the vendor's game, and the vendor exchanges the launch token. */
export async function playerAtSimVendor(t: TestContext, vendor: SeamlessClient, username: string) {
  const player = await loginDemo(t.app, username);
  const launch = await player.call(
    'GET',
    `/wps/game/launchGame?nodeId=${simVendor.gameId}&accountType=1`,
  );
  const url = new URL(launch.json().value.content.game_url, 'http://x');
  const session = await vendor.call<{ sessionToken: string }>('authenticate', {
    launchToken: url.searchParams.get('token')!,
  });
  return { id: player.id, session: session.sessionToken };
}
