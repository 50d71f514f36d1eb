import { createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEFAULT_SABONG_TERMS, sabongBoard, sabongOddsText } from '@taya/games';
import { buildApp } from './app';
import { demoOperatorTotpSecret } from './modules/operators/seed';
import { totpOf } from './modules/operators/totp';
import { openDatabase, type Database } from './platform/db';
import { canRunCluster, startCluster, type Cluster } from './test/cluster';
import { until, watchFeed, type FeedFrame } from './test/feed-socket';
import { fund, markDemoAccountsLoggedIn, testConfig, testDatabaseUrl } from './test/harness';
import { insertMembers } from './test/members';
import { hashSecret } from './modules/identity/secrets';
import { loadKinds, runMixedLoad, type LoadPlayer } from './test/mixed-load';

const vendor = { code: 'LOADV', secret: 'load-vendor-secret-0123456789abcdef' };

/**
 * The production topology on loopback (deploy/README.md): PostgreSQL, a Redis, three API nodes as
 * their own processes with jobs on, HAProxy in front. What one node does reaches the sockets of
 * all three; the rate limit holds over all of them together; each scheduled job runs once a
 * schedule. PostgreSQL only (the embedded database is one process by nature).
 */
describe.skipIf(!testDatabaseUrl || !canRunCluster)('three API nodes behind HAProxy', () => {
  let cluster: Cluster;
  let db: pg.Client;
  /** The back office's hands on the cluster's database: members, their money and sessions. */
  let office: { app: FastifyInstance; database: Database };
  const ws = (node: number, path: string) =>
    watchFeed(`${cluster.nodes[node]!.url.replace('http', 'ws')}${path}`);
  const json = async <T>(res: Response | Promise<Response>) => {
    const answer = await res;
    const body = (await answer.json()) as { success: boolean; value: T };
    expect(body.success, JSON.stringify(body)).toBe(true);
    return body.value;
  };
  // Each call of the tests' own from an address of its own (the rate limit test counts its own).
  let callers = 0;
  const caller = () => `100.64.${(callers >> 8) & 255}.${callers++ & 255}`;
  const post = (path: string, body: object | string, headers: Record<string, string> = {}) =>
    fetch(`${cluster.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': caller(), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${cluster.url}${path}`, { headers: { 'x-forwarded-for': caller(), ...headers } });
  // One log-in (an authenticator code is taken once).
  let opsToken: Promise<string> | undefined;
  const operatorToken = () =>
    (opsToken ??= (async () => {
      const code = totpOf(demoOperatorTotpSecret, 'demo_admin').generate();
      return (
        await json<{ token: string }>(
          post('/ops/session/login', { username: 'demo_admin', password: 'Demo#2026', code }),
        )
      ).token;
    })());
  /** `count` new members of TYPH with `funds` in the main wallet and a site session each. */
  const members = async (count: number, funds: bigint, prefix: string) => {
    const ids = await insertMembers(office as never, count, prefix);
    return Promise.all(
      ids.map(async (id) => {
        await fund(office.app, id, funds, `${prefix}:${id}`);
        const { token } = await office.app.services.sessions.issue({
          subjectId: id,
          role: 'member',
          merchantCode: 'TYPH',
        });
        return { id, token };
      }),
    );
  };

  beforeAll(async () => {
    cluster = await startCluster({
      baseUrl: testDatabaseUrl!,
      env: {
        CRASH_BETTING_MS: '1000',
        CRASH_PAUSE_MS: '0',
        LIVE_RESULT_MS: '1000',
        RATE_LIMIT_PER_MINUTE: '40',
        SPORTS_FEED: 'off',
        VENDOR_SECRETS: `${vendor.code}=${vendor.secret}`,
      },
    });
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    // On the bus too: its catalog changes reach the nodes' copies.
    const database = await openDatabase({ url: cluster.databaseUrl, poolSize: 4 });
    const app = await buildApp({
      config: testConfig({ DATABASE_URL: cluster.databaseUrl, REDIS_URL: cluster.redis.url }),
      database,
    });
    await app.ready();
    office = { app, database };
    await markDemoAccountsLoggedIn(database);
  }, 180_000);
  // A failing test shows what the load balancer and the nodes said meanwhile.
  beforeEach(({ onTestFailed }) =>
    onTestFailed(() => {
      process.stdout.write(`${cluster.report()}\n`);
    }),
  );
  afterAll(async () => {
    await office?.app.close();
    await office?.database.close();
    await db?.end();
    await cluster?.stop();
  }, 60_000);

  it('a crash round and a baccarat round reach sockets on every node', async () => {
    const crash = await Promise.all([0, 1, 2].map((i) => ws(i, '/ws/originals/crash')));
    const live = await Promise.all([0, 1, 2].map((i) => ws(i, '/ws/live')));
    // One node drives each game (an advisory lock); every node's sockets hear its phases.
    const roundsOf = (frames: FeedFrame[]) =>
      new Set(frames.filter((f) => f.type === 'phase').map((f) => `${f.round}:${f.phase}`));
    // A round already in the air when the sockets open may fly long (30 s at 6×, about one round
    // in six; two minutes only past 1,300×): the next phase comes when it has crashed.
    await until(() => {
      const [a, b, c] = crash.map((s) => roundsOf(s.frames));
      return [...a!].some((r) => b!.has(r) && c!.has(r));
    }, 150_000);
    const tableRounds = (frames: FeedFrame[]) =>
      new Set(
        frames
          .filter((f) => f.type === 'phase' && String(f.table).startsWith('BAC-'))
          .map((f) => `${f.table}:${f.round}:${f.phase}`),
      );
    await until(() => {
      const [a, b, c] = live.map((s) => tableRounds(s.frames));
      return [...a!].some((r) => b!.has(r) && c!.has(r));
    }, 60_000);
    for (const s of [...crash, ...live]) s.socket.close();
  }, 240_000);

  it('an operator’s chat reply reaches the player on every node', async () => {
    const launched = (await (
      await fetch(`${cluster.url}/wps/relay/CBS_launchChat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ modelId: 'deposit' }),
      })
    ).json()) as { value: { chatUrl: string } };
    const chat = new URL(launched.value.chatUrl as string, 'http://taya.test');
    const session = chat.searchParams.get('session')!;
    const key = encodeURIComponent(chat.searchParams.get('key')!);
    const players = await Promise.all(
      [0, 1, 2].map((i) => ws(i, `/ws/chat?session=${session}&key=${key}`)),
    );
    await until(() => players.every((p) => p.frames.some((f) => f.type === 'history')));
    const reply = await post(
      `/ops/support/chats/${session}/messages`,
      { body: 'Which payment method did you use?' },
      { authorization: `Bearer ${await operatorToken()}` },
    );
    expect(reply.status).toBe(200);
    await until(() => players.every((p) => p.frames.some((f) => f.type === 'message')), 10_000);
    for (const p of players)
      expect(p.frames.find((f) => f.type === 'message')).toMatchObject({
        message: { role: 'operator', body: 'Which payment method did you use?' },
      });
    for (const p of players) p.socket.close();
  }, 60_000);

  it('a cockfight’s odds reach sockets on every node', async () => {
    const auth = { authorization: `Bearer ${await operatorToken()}` };
    const arena = '/ops/cockfight/arenas/SAB-1';
    const { number: fight } = await json<{ number: number }>(
      post(`${arena}/fights`, { meron: 'Red Hatch', wala: 'White Kelso' }, auth),
    );
    await json(post(`${arena}/fights/${fight}/move`, { to: 'open' }, auth));
    const sockets = await Promise.all([0, 1, 2].map((i) => ws(i, '/ws/cockfight')));
    await until(() => sockets.every((s) => s.frames.some((f) => f.type === 'state')));
    // Three players bet through the load balancer, each bet on whichever node takes it.
    const bettors = await members(3, 10_000_00n, 'sabcl');
    const bets = [
      { side: 'meron', amount: '300.00' },
      { side: 'wala', amount: '120.00' },
      { side: 'draw', amount: '20.00' },
    ];
    for (const [i, bet] of bets.entries())
      await json(
        post(
          '/cockfight-arenas/SAB-1/bets',
          { requestId: `cluster-${fight}-${i}-${bettors[i]!.id.slice(0, 8)}`, fight, ...bet },
          { authorization: `Bearer ${bettors[i]!.token}` },
        ),
      );
    const odds = sabongBoard({ meron: 300_00n, wala: 120_00n, draw: 20_00n }, DEFAULT_SABONG_TERMS);
    const last = (frames: FeedFrame[]) =>
      frames.filter((f) => f.type === 'board' && f.fight === fight).at(-1)?.board as
        { bets: number } | undefined;
    await until(() => sockets.every((s) => last(s.frames)?.bets === 3), 10_000);
    for (const s of sockets)
      expect(last(s.frames)).toMatchObject({
        meron: '300.00',
        wala: '120.00',
        draw: '20.00',
        meronOdds: sabongOddsText(odds.meron!),
        walaOdds: sabongOddsText(odds.wala!),
      });
    for (const s of sockets) s.socket.close();
  }, 60_000);

  it('the rate limit holds over the three nodes together', async () => {
    // One client (its address as the load balancer forwards it) calls 60 times: 40 a minute pass,
    // whichever node takes each call.
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await fetch(`${cluster.url}/wps/system/status`, {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.slice(40).every((s) => s === 429)).toBe(true);
    // The calls were spread over the nodes, each of which counted its share.
    const served = await Promise.all(
      cluster.nodes.map(async (n) => {
        const text = await (await fetch(n.metricsUrl)).text();
        const line = text
          .split('\n')
          .find((l) =>
            l.startsWith(
              'taya_http_requests_total{method="GET",route="/wps/system/status",status="200"}',
            ),
          );
        return Number(line?.split(' ')[1] ?? 0);
      }),
    );
    expect(served.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('each scheduled job runs once a schedule across the nodes', async () => {
    const { rows: schedules } = await db.query<{ name: string }>(
      `select name from pgboss.schedule where cron = '* * * * *' order by name`,
    );
    expect(schedules.length).toBeGreaterThan(0);
    const runs = async () =>
      (
        await db.query<{ name: string; minute: string; n: number }>(
          `
          select name, date_trunc('minute', created_on)::text as minute, count(*)::int as n
          from (select name, created_on from pgboss.job
                union all select name, created_on from pgboss.archive) j
          where name = any($1) group by 1, 2`,
          [schedules.map((s) => s.name)],
        )
      ).rows;
    // Runs in two minutes at least.
    let seen = await runs();
    for (const end = Date.now() + 150_000; new Set(seen.map((r) => r.minute)).size < 2;) {
      if (Date.now() > end) throw new Error('no second minute of scheduled runs');
      await new Promise((r) => setTimeout(r, 2_000));
      seen = await runs();
    }
    expect(seen.filter((r) => r.n !== 1)).toEqual([]);
    expect(new Set(seen.map((r) => r.name)).size).toBe(schedules.length);
  }, 180_000);

  it('a node killed under a steady mixed load and restarted: clients carry on, no acknowledged money lost or doubled', async () => {
    // An outside vendor with a game, in every node's catalog at once (the change goes over the bus).
    await db.query(
      `insert into game_vendors (merchant_code, code, game_type, display_name, wallet_mode)
       values ('TYPH', $1, 'RNG', 'Load vendor', 'seamless')`,
      [vendor.code],
    );
    await db.query(
      `insert into games (id, merchant_code, vendor_code, game_code, game_type, name)
       values ('TYPH-LOADV-1', 'TYPH', $1, 'L1', 'RNG', 'Load game')`,
      [vendor.code],
    );
    office.app.services.games.invalidate('TYPH');
    await new Promise((r) => setTimeout(r, 500));
    const funds = 100_000_00n;
    const people = await members(8, funds, 'failover');
    // Each logs in with a password of its own, as any member does.
    const password = 'Load#2026';
    await db.query(`update accounts set password_hash = $1, login_count = 1 where id = any($2)`, [
      await hashSecret(password),
      people.map((m) => m.id),
    ]);
    const usernames = new Map(
      (
        await db.query<{ id: string; username: string }>(
          `select id, username from accounts where id = any($1)`,
          [people.map((m) => m.id)],
        )
      ).rows.map((r) => [r.id, r.username]),
    );
    const players: LoadPlayer[] = [];
    for (const [i, m] of people.entries()) {
      const auth = { authorization: `Bearer ${m.token}` };
      const launch = async (nodeId: string) => {
        const value = await json<{ content: { game_url: string } }>(
          get(`/wps/game/launchGame?nodeId=${nodeId}&accountType=1`, auth),
        );
        return new URL(value.content.game_url, 'http://taya.test').searchParams.get('token')!;
      };
      const slot = await json<{ session: string; playerId: string }>(
        post('/taya-games/slot/open', { token: await launch('TYPH-TAYA-FORTUNE') }),
      );
      const raw = JSON.stringify({
        launchToken: await launch('TYPH-LOADV-1'),
        timestamp: Date.now(),
      });
      const session = await json<{ sessionToken: string; playerId: string }>(
        post(`/wallet-api/seamless/${vendor.code}/authenticate`, raw, {
          'x-taya-signature': createHmac('sha256', vendor.secret).update(raw).digest('hex'),
        }),
      );
      players.push({
        token: m.token,
        login: { username: usernames.get(m.id)!, password, address: `198.18.0.${i + 1}` },
        slot: { session: slot.session, playerId: slot.playerId },
        vendor: { sessionToken: session.sessionToken, playerId: session.playerId },
      });
    }
    /** Clients' calls a node has answered since it started (its own metrics). */
    const served = async (node: number) => {
      const text = await (await fetch(cluster.nodes[node]!.metricsUrl)).text();
      return (
        text
          .split('\n')
          .filter((l) => l.startsWith('taya_http_requests_total{'))
          // The balancer's health checks and the start-up probe are not clients' calls.
          .filter((l) => !/route="\/(readyz|healthz|wps\/system\/status)"/.test(l))
          .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0)
      );
    };
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    let stopLoad!: () => void;
    const loading = runMixedLoad({
      url: cluster.url,
      players,
      vendor,
      until: new Promise<void>((resolve) => (stopLoad = resolve)),
    });
    const started = performance.now();
    // A player watching crash on node 2, straight to it.
    const watcher = await ws(1, '/ws/originals/crash');
    await sleep(8_000);
    // An event of its own first (a round in the air may fly on for a while).
    await until(() => watcher.frames.some((f) => typeof f.eventId === 'string'), 150_000);
    const servedBefore = await served(1);
    const killedAt = performance.now();
    await cluster.kill(1);
    // Its socket dropped with the node; it comes back through the balancer, to another node,
    // from the last event id it had: it is sent what it missed, not the whole state again. As the
    // page does (useLiveFeed), a try the balancer could not place yet (the dead node not yet out
    // of rotation) is made again a moment later.
    const lastId = watcher.frames.findLast((f) => typeof f.eventId === 'string')!.eventId;
    const resumeUrl = `${cluster.url.replace('http', 'ws')}/ws/originals/crash?since=${String(lastId)}`;
    let resumed: Awaited<ReturnType<typeof watchFeed>> | undefined;
    for (let attempt = 1; !resumed; attempt++) {
      try {
        resumed = await watchFeed(resumeUrl);
      } catch (error) {
        if (attempt === 10) throw error;
        await sleep(500);
      }
    }
    await sleep(8_000);
    expect(resumed.frames.filter((f) => f.type === 'state')).toEqual([]);
    expect(resumed.frames.every((f) => typeof f.eventId === 'string')).toBe(true);
    resumed.socket.close();
    const restartAt = performance.now();
    await cluster.restart(1);
    // Back in rotation: the load balancer's checks passed and it sends the node calls again.
    await until(async () => (await served(1)) > 20, 60_000);
    const backAt = performance.now();
    await sleep(6_000);
    stopLoad();
    const record = await loading;
    const endedAt = performance.now();

    const phases = [
      { name: 'before the kill', from: started, to: killedAt },
      { name: 'node 2 down', from: killedAt, to: restartAt },
      { name: 'restarting', from: restartAt, to: backAt },
      { name: 'back in rotation', from: backAt, to: endedAt },
    ].map((phase) => {
      const calls = record.calls.filter((c) => c.at >= phase.from && c.at < phase.to);
      return {
        ...phase,
        calls,
        seconds: (phase.to - phase.from) / 1000,
        failed: calls.filter((c) => !c.ok),
        retried: record.retries.filter((r) => r.at >= phase.from && r.at < phase.to),
      };
    });
    const lastTrouble = Math.max(
      killedAt,
      ...record.retries.filter((r) => r.at < restartAt).map((r) => r.at),
      ...record.calls.filter((c) => !c.ok && c.at < restartAt).map((c) => c.at),
    );
    const failures = record.calls.filter((c) => !c.ok);
    const tally = (list: { kind: string; error?: string }[]) => {
      const counts = new Map<string, number>();
      for (const f of list)
        counts.set(`${f.kind} ${f.error}`, (counts.get(`${f.kind} ${f.error}`) ?? 0) + 1);
      return [...counts].map(([what, n]) => `${what} × ${n}`).join(', ');
    };
    process.stdout.write(
      [
        `failover: 8 players, ${record.calls.length} calls (${loadKinds.join(', ')}) through HAProxy to 3 nodes; node 2 had answered ${servedBefore} before it was killed`,
        ...phases.map(
          (p) =>
            `  ${p.name}: ${p.seconds.toFixed(1)} s, ${p.calls.length} calls (${(p.calls.length / p.seconds).toFixed(0)}/s), ${p.failed.length} failed, ${p.retried.length} tries failed and were retried${p.retried.length ? ` (${[...new Set(p.retried.map((r) => r.error))].join(', ')})` : ''}`,
        ),
        `  recovery: clients saw the last failure ${((lastTrouble - killedAt) / 1000).toFixed(1)} s after the kill; the restarted node was back in rotation ${((backAt - restartAt) / 1000).toFixed(1)} s after its restart began`,
        `  the crash socket on node 2, back through the balancer from its last event id: ${resumed.frames.length} events it missed or that followed, no state`,
        `  acknowledged: ${record.acknowledged.spins.length} spins, ${record.acknowledged.vendorTx.length} vendor transactions, ${record.acknowledged.lotteryRequests.length} lottery bets`,
        ...(failures.length ? [`  failed calls: ${tally(failures)}`] : []),
        '',
      ].join('\n'),
    );

    // Clients carried on through the others: every kind of call went on in every phase, and
    // hardly any call failed for good (a call in flight on the node as it died is retried).
    for (const phase of phases)
      for (const kind of loadKinds)
        expect(
          phase.calls.some((c) => c.kind === kind && c.ok),
          `${kind} ${phase.name}`,
        ).toBe(true);
    expect(failures.length).toBeLessThanOrEqual(Math.ceil(record.calls.length / 200));
    expect(phases[3]!.failed).toEqual([]);

    // Every acknowledged money movement is in the books once: a spin's hold and settlement, a
    // vendor's transaction, a lottery request's bet.
    const { spins, vendorTx, lotteryRequests } = record.acknowledged;
    const spinEntries = await db.query<{ reference: string; n: number; settled: boolean }>(
      `select e.reference, count(*)::int as n, bool_and(r.status = 'settled') as settled
       from ledger_entries e join rounds r on r.id = e.reference
       where e.reference = any($1) group by e.reference`,
      [spins],
    );
    expect(spinEntries.rows).toHaveLength(spins.length);
    expect(spinEntries.rows.filter((r) => r.n !== 2 || !r.settled)).toEqual([]);
    const vendorRows = await db.query<{ tx_id: string; n: number }>(
      `select v.tx_id, count(*)::int as n from vendor_transactions v
       where v.vendor_code = $1 and v.tx_id = any($2) group by v.tx_id`,
      [vendor.code, vendorTx],
    );
    expect(vendorRows.rows).toHaveLength(vendorTx.length);
    expect(vendorRows.rows.filter((r) => r.n !== 1)).toEqual([]);
    const lotteryRows = await db.query<{ request_id: string; n: number }>(
      `select request_id, count(*)::int as n from lottery_bets
       where request_id = any($1) group by request_id`,
      [lotteryRequests],
    );
    expect(lotteryRows.rows).toHaveLength(lotteryRequests.length);
    expect(lotteryRows.rows.filter((r) => r.n !== 1)).toEqual([]);

    // The books: every entry balanced, every balance its postings, no player below zero, and no
    // player's money made or lost: the main wallet and in-play together are the funds less what
    // the house won from them.
    const books = await db.query<{ unbalanced: number; drifted: number; negative: number }>(`
      select
        (select count(*)::int from (select entry_id from ledger_postings
          group by entry_id, currency having sum(amount) <> 0) x) as unbalanced,
        (select count(*)::int from ledger_accounts a where a.balance <> coalesce(
          (select sum(amount) from ledger_postings p where p.account_id = a.id), 0)) as drifted,
        (select count(*)::int from ledger_accounts where not allow_negative and balance < 0) as negative`);
    expect(books.rows[0]).toEqual({ unbalanced: 0, drifted: 0, negative: 0 });
  }, 360_000);
});
