import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import { insertMembers } from '../../test/members';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '60' } });
});
afterAll(async () => {
  await t?.close();
});

describe('in-house spins and the rate limit', () => {
  it('counts each player’s own requests only: four players spinning 25 times each are never refused', async () => {
    const players = await insertMembers(t, 4, 'limits');
    const statuses: number[] = [];
    await Promise.all(
      players.map(async (id, i) => {
        await fund(t.app, id, 100_00n, `limits:${id}`);
        const { token } = await t.app.services.sessions.issue({
          subjectId: id,
          role: 'member',
          merchantCode: 'TYPH',
        });
        // Each player calls from an address of its own, as phones do.
        const remoteAddress = `10.0.0.${i + 1}`;
        const launch = await t.app.inject({
          method: 'GET',
          url: '/wps/game/launchGame?nodeId=TYPH-TAYA-FORTUNE',
          headers: { authorization: `Bearer ${token}` },
          remoteAddress,
        });
        const launchToken = new URL(
          launch.json().value.content.game_url,
          'http://x',
        ).searchParams.get('token')!;
        const open = await t.app.inject({
          method: 'POST',
          url: '/taya-games/slot/open',
          payload: { token: launchToken },
          remoteAddress,
        });
        const session = open.json().value.session as string;
        for (let n = 0; n < 25; n++) {
          const spin = await t.app.inject({
            method: 'POST',
            url: '/taya-games/slot/spin',
            payload: { session, playerId: id, gameCode: 'TAYA_FORTUNE', bet: '1.00' },
            remoteAddress,
          });
          statuses.push(spin.statusCode);
        }
      }),
    );
    // 100 spins, fewer than 30 requests a player: none is the limit's business.
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(statuses).toHaveLength(100);
  });
});
