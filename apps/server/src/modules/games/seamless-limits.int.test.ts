import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { signVendorBody } from './seamless';
import { vendorSignatureHeader } from './seamless-routes';

const secret = 'sim-vendor-secret-0123456789abcdef';
const otherSecret = 'other-vendor-secret-0123456789ab';
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      VENDOR_SECRETS: `SIMVENDOR=${secret},OTHERVENDOR=${otherSecret}`,
      // Small limits, to reach both: 5 calls a minute per address, 12 per vendor.
      RATE_LIMIT_PER_MINUTE: '5',
      SEAMLESS_RATE_LIMIT_PER_MINUTE: '12',
    },
  });
});
afterAll(() => t.close());

/** A signed balance call for a session the wallet does not know (answered 401 when served). */
function vendorCall(vendorCode: string, key: string) {
  const raw = JSON.stringify({ sessionToken: 'no-such-session-token', timestamp: Date.now() });
  return t.app.inject({
    method: 'POST',
    url: `/wallet-api/seamless/${vendorCode}/balance`,
    payload: raw,
    remoteAddress: '10.0.0.7',
    headers: {
      'content-type': 'application/json',
      [vendorSignatureHeader]: signVendorBody(key, raw),
    },
  });
}

const playerCall = () =>
  t.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress: '10.0.0.7' });

describe('the seamless routes’ rate limit', () => {
  it('limits each vendor by its code, apart from the per-address limit players have', async () => {
    // Twice the per-address limit from one address: all served.
    const first = [];
    for (let i = 0; i < 10; i++) first.push((await vendorCall('SIMVENDOR', secret)).statusCode);
    expect(first).toEqual(Array(10).fill(401));
    // The address's own (player) bucket is untouched by them, and still limits players.
    const players = [];
    for (let i = 0; i < 6; i++) players.push((await playerCall()).statusCode);
    expect(players.slice(0, 5)).not.toContain(429);
    expect(players[5]).toBe(429);
    // The vendor's own limit applies: the 13th call of the minute is refused.
    const more = [];
    for (let i = 0; i < 3; i++) more.push((await vendorCall('SIMVENDOR', secret)).statusCode);
    expect(more).toEqual([401, 401, 429]);
    // Another vendor has a bucket of its own.
    expect((await vendorCall('OTHERVENDOR', otherSecret)).statusCode).toBe(401);
  });
});
