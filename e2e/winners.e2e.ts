import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { maskName } from '../apps/server/src/modules/games/service';
import type { RunningServer } from '../apps/server/src/server';
import { screenshot } from './fixtures';
import {
  BrowserRun,
  demoPlayer,
  expectNoSidewaysScroll,
  logIn,
  minor,
  openTayaSlot,
  spinSlot,
} from './steps';

let run: BrowserRun;
let taya: RunningServer;
let memberId: string;

beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  memberId = await demoPlayer(taya, 'e2e-winners-fund');
});
afterAll(() => run?.stop());

/** demo_member's biggest net win so far (payout minus stake of one settled round), or null. */
async function biggestWin(): Promise<bigint | null> {
  const { rows } = (await taya.database.db.execute(
    sql`select max(payout - stake)::text as best from bet_records
        where account_id = ${memberId} and status = 'settled' and payout > stake`,
  )) as { rows: { best: string | null }[] };
  return rows[0]?.best ? BigInt(rows[0].best) : null;
}

describe('winners leaderboard', () => {
  it("shows the member's real slot win, masked, on phone and desktop", async () => {
    const page = await run.open('phone');
    await logIn(page, taya.url, { balance: '500.00' });
    await openTayaSlot(page, taya.url, '1.00');
    // Spin at 1.00 until a round pays more than its stake (a bounded number of tries).
    for (let spin = 0; spin < 40 && (await biggestWin()) === null; spin += 1) {
      await spinSlot(page);
    }
    const best = await biggestWin();

    await page.goto(`${taya.url}/winners`);
    if (best === null) {
      await page.getByTestId('winners-page-empty').waitFor();
    } else {
      const first = page.getByTestId('winners-page-row').first();
      await first.waitFor();
      const text = await first.innerText();
      expect(text).toContain(maskName('demo_member'));
      expect(text).not.toContain('demo_member');
      expect(text).toContain('Taya Fortune');
      expect(minor(text.slice(text.indexOf('₱')))).toBe(best);
    }
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'winners-phone-en');

    // The week holds today's wins too.
    await page.getByRole('tab', { name: 'This week' }).click();
    await page.waitForURL(/\/winners\?tab=week$/);
    if (best !== null) await page.getByTestId('winners-page-row').first().waitFor();

    const dark = await run.open('desktop', { theme: 'dark' });
    await dark.goto(`${taya.url}/winners`);
    await dark
      .getByTestId(best === null ? 'winners-page-empty' : 'winners-page-row')
      .first()
      .waitFor();
    await screenshot(dark, 'winners-desktop-dark');

    const burmese = await run.open('phone', { theme: 'dark', language: 'MY' });
    await burmese.goto(`${taya.url}/winners`);
    await burmese.getByRole('heading', { name: 'ဆုကြီးရရှိသူများ' }).waitFor();
    await burmese
      .getByTestId(best === null ? 'winners-page-empty' : 'winners-page-row')
      .first()
      .waitFor();
    await expectNoSidewaysScroll(burmese);
    await screenshot(burmese, 'winners-phone-dark-my');
  });
});
