import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, fund, loginDemo, type TestContext } from '../../test/harness';
import { maskName } from '../games/service';
import { jackpotHits, jackpotPools } from './schema';
import { JackpotService, randomBelow } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const poolId = 'TYPH-TAYA-GRAND';
const seed = 50_000_00n;
const minor = (text: string) => BigInt(text.replace('.', ''));

async function poolValue(): Promise<bigint> {
  const res = await t.app.inject({ method: 'GET', url: '/wps/games/jackpot?language=en' });
  expect(res.statusCode).toBe(200);
  const pool = res.json().value.pools.find((p: { id: string }) => p.id === poolId);
  return minor(pool.value);
}

/** The ledger's own sum of the pool's shards (no cache in between). */
async function ledgerPool(): Promise<bigint> {
  const { rows } = (await t.database.db.execute(sql`
    select coalesce(sum(balance), 0)::text as total from ledger_accounts
    where kind = 'jackpot_pool' and sub_kind like ${`${poolId}:%`}`)) as {
    rows: { total: string }[];
  };
  return BigInt(rows[0]!.total);
}

async function setOdds(hitOdds: bigint) {
  await t.database.db.update(jackpotPools).set({ hitOdds }).where(eq(jackpotPools.id, poolId));
  t.app.services.jackpot.invalidate('TYPH');
}

async function openSlot(username: string, funding: bigint, key: string) {
  const player = await loginDemo(t.app, username);
  await fund(t.app, player.id, funding, key);
  const launch = await player.call(
    'GET',
    '/wps/game/launchGame?nodeId=TYPH-TAYA-FORTUNE&accountType=1',
  );
  const token = new URL(launch.json().value.content.game_url, 'http://x').searchParams.get(
    'token',
  )!;
  const open = await t.app.inject({
    method: 'POST',
    url: '/taya-games/slot/open',
    payload: { token },
  });
  expect(open.statusCode).toBe(200);
  const session = open.json().value.session as string;
  const spin = async (bet = '1.00') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/taya-games/slot/spin',
      payload: { session, playerId: player.id, gameCode: 'TAYA_FORTUNE', bet, language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().value as {
      roundId: string;
      payout: string;
      balance: string;
      jackpot: { poolId: string; name: string; amount: string } | null;
    };
  };
  return { player, spin };
}

describe('the progressive jackpot', () => {
  it('starts at its seed, put in once from the house', async () => {
    expect(await ledgerPool()).toBe(seed);
    // Another start (or node) seeds nothing more.
    await t.app.services.jackpot.seedPools();
    expect(await ledgerPool()).toBe(seed);
    const view = (
      await t.app.inject({ method: 'GET', url: '/wps/games/jackpot?language=my' })
    ).json().value;
    expect(view.pools).toHaveLength(1);
    expect(view.pools[0]).toMatchObject({
      id: poolId,
      currency: 'TLB',
      value: '50000.00',
      contributionPercent: '1.00',
      vendors: ['Taya Games'],
      lastWin: null,
    });
    expect(view.pools[0].name).toBe('Taya ဂရန်း ဂျက်ပေါ့');
  });

  it('takes 1 % of each bet from the house share into the pool, never from the player', async () => {
    await setOdds(10n ** 15n);
    const before = await ledgerPool();
    const { spin } = await openSlot('demo_member', 100_00n, 'jackpot-feed');
    let balance = 100_00n;
    for (let i = 0; i < 10; i++) {
      const s = await spin('5.00');
      expect(s.jackpot).toBeNull();
      balance = balance - 500n + minor(s.payout);
      expect(minor(s.balance)).toBe(balance);
    }
    // 10 bets of 5.00 → 10 × 0.05.
    expect(await ledgerPool()).toBe(before + 50n);
  });

  it('pays the whole pool to the bet that hits it, restarts at the seed, and names the winner', async () => {
    await setOdds(1n); // every bet hits
    const { player, spin } = await openSlot('demo_agent', 50_00n, 'jackpot-hit');
    const before = await ledgerPool();
    const s = await spin('1.00');
    expect(s.jackpot).not.toBeNull();
    // The pool as it stood, plus this bet's own share.
    expect(minor(s.jackpot!.amount)).toBe(before + 1n);
    expect(s.jackpot!.name).toBe('Taya Grand Jackpot');
    expect(minor(s.balance)).toBe(50_00n - 100n + minor(s.payout) + before + 1n);
    expect(await ledgerPool()).toBe(seed);

    const [hit] = await t.database.db
      .select()
      .from(jackpotHits)
      .where(eq(jackpotHits.roundId, s.roundId));
    expect(hit).toMatchObject({ status: 'paid', amount: before + 1n, accountId: player.id });
    // Paying it again pays nothing more.
    expect(await t.app.services.jackpot.pay(hit!.id)).toBe(before + 1n);
    expect(await ledgerPool()).toBe(seed);

    t.app.services.jackpot.invalidate('TYPH');
    const view = (await t.app.inject({ method: 'GET', url: '/wps/games/jackpot' })).json().value;
    expect(view.pools[0].lastWin).toMatchObject({
      customerName: maskName('demo_agent'),
      amount: s.jackpot!.amount,
    });
    expect(await poolValue()).toBe(seed);

    // The member's account record shows the win as its own line.
    const record = (await player.call('GET', '/wps/member/transactions?size=5')).json();
    expect(JSON.stringify(record)).toContain('jackpot_win');
  });

  it('a hit a crash left unpaid is paid once by the job', async () => {
    await setOdds(10n ** 15n);
    const { player, spin } = await openSlot('demo_master', 10_00n, 'jackpot-stranded');
    const s = await spin('1.00');
    const before = await ledgerPool();
    await t.database.db.insert(jackpotHits).values({
      id: 'stranded-hit',
      poolId,
      merchantCode: 'TYPH',
      accountId: player.id,
      vendorCode: 'TAYA',
      roundId: s.roundId,
      betTxId: `${s.roundId}:bet`,
      stake: 100n,
      hitAt: new Date(Date.now() - 60_000),
    });
    const jackpot = t.app.services.jackpot;
    expect(await jackpot.payPending()).toBe(1);
    expect(await jackpot.payPending()).toBe(0);
    const wallet = (await player.call('GET', '/wps/v2/wallets/balance')).json().value;
    expect(minor(wallet.balance[0].availBalance)).toBe(minor(s.balance) + before);
    expect(await ledgerPool()).toBe(seed);
  });

  it('under concurrent spins and hits, every hit is paid once and the books balance', async () => {
    await setOdds(400n); // a 1.00 bet hits one time in four
    const players = await Promise.all(
      ['demo_member', 'demo_agent', 'demo_master'].map((name, i) =>
        openSlot(name, 200_00n, `jackpot-race-${i}`),
      ),
    );
    const start = await ledgerPool();
    const paidBefore = await paidTotal();
    const seedsBefore = await seedTotal();
    const spins = await Promise.all(
      players.flatMap(({ spin }) => Array.from({ length: 12 }, () => spin('1.00'))),
    );
    const hits = spins.filter((s) => s.jackpot !== null);
    expect(hits.length).toBeGreaterThan(0);
    const paid = (await paidTotal()) - paidBefore;
    const seeds = (await seedTotal()) - seedsBefore;
    // Pool now = pool before + seeds put in + 1 % of 36 bets of 1.00 − what hits took out.
    expect(await ledgerPool()).toBe(start + seeds + 36n - paid);
    expect(seeds).toBe(BigInt(hits.length) * seed);
    const pending = await t.database.db
      .select()
      .from(jackpotHits)
      .where(eq(jackpotHits.status, 'pending'));
    expect(pending).toHaveLength(0);
    const { rows } = (await t.database.db.execute(sql`
      select currency, sum(amount)::text as total from ledger_postings group by currency`)) as {
      rows: { currency: string; total: string }[];
    };
    for (const r of rows) expect(r.total).toBe('0');
    const negative = (await t.database.db.execute(sql`
      select count(*)::int as n from ledger_accounts where balance < 0 and not allow_negative`)) as {
      rows: { n: number }[];
    };
    expect(negative.rows[0]!.n).toBe(0);
  });
});

async function paidTotal(): Promise<bigint> {
  const { rows } = (await t.database.db.execute(sql`
    select coalesce(sum(amount), 0)::text as total from jackpot_hits where status = 'paid'`)) as {
    rows: { total: string }[];
  };
  return BigInt(rows[0]!.total);
}

async function seedTotal(): Promise<bigint> {
  const { rows } = (await t.database.db.execute(sql`
    select coalesce(sum(p.amount), 0)::text as total
    from ledger_postings p join ledger_accounts a on a.id = p.account_id
    where p.type = 'jackpot_seed' and a.kind = 'jackpot_pool'`)) as { rows: { total: string }[] };
  return BigInt(rows[0]!.total);
}

describe('the draw', () => {
  it('hits with probability stake ÷ odds', () => {
    expect(JackpotService.draws(100n, 100n)).toBe(true);
    expect(JackpotService.draws(100n, 400n, () => 99n)).toBe(true);
    expect(JackpotService.draws(100n, 400n, () => 100n)).toBe(false);
    let hits = 0;
    for (let i = 0; i < 40_000; i++) if (JackpotService.draws(1n, 4n)) hits++;
    // 10,000 expected; five standard deviations (≈ 87 each) either side.
    expect(Math.abs(hits - 10_000)).toBeLessThan(450);
    for (let i = 0; i < 1000; i++) {
      const x = randomBelow(10n ** 15n);
      expect(x >= 0n && x < 10n ** 15n).toBe(true);
    }
  });
});
