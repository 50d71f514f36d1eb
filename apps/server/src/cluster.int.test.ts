import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { demoOperatorTotpSecret } from './modules/operators/seed';
import { totpOf } from './modules/operators/totp';
import { canRunCluster, startCluster, type Cluster } from './test/cluster';
import { until, watchFeed, type FeedFrame } from './test/feed-socket';
import { testDatabaseUrl } from './test/harness';

/**
 * The production topology on loopback (deploy/README.md): PostgreSQL, a Redis, three API nodes as
 * their own processes with jobs on, HAProxy in front. What one node does reaches the sockets of
 * all three; the rate limit holds over all of them together; each scheduled job runs once a
 * schedule. PostgreSQL only (the embedded database is one process by nature).
 */
describe.skipIf(!testDatabaseUrl || !canRunCluster)('three API nodes behind HAProxy', () => {
  let cluster: Cluster;
  let db: pg.Client;
  const ws = (node: number, path: string) =>
    watchFeed(`${cluster.nodes[node]!.url.replace('http', 'ws')}${path}`);

  beforeAll(async () => {
    cluster = await startCluster({
      baseUrl: testDatabaseUrl!,
      env: {
        CRASH_BETTING_MS: '1000',
        CRASH_PAUSE_MS: '0',
        LIVE_RESULT_MS: '1000',
        RATE_LIMIT_PER_MINUTE: '40',
        SPORTS_FEED: 'off',
      },
    });
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
  }, 180_000);
  afterAll(async () => {
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
    const code = totpOf(demoOperatorTotpSecret, 'demo_admin').generate();
    const login = (await (
      await fetch(`${cluster.url}/ops/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo_admin', password: 'Demo#2026', code }),
      })
    ).json()) as { success: boolean; value: { token: string } };
    expect(login.success, JSON.stringify(login)).toBe(true);
    const reply = await fetch(`${cluster.url}/ops/support/chats/${session}/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${login.value.token}`,
      },
      body: JSON.stringify({ body: 'Which payment method did you use?' }),
    });
    expect(reply.status).toBe(200);
    await until(() => players.every((p) => p.frames.some((f) => f.type === 'message')), 10_000);
    for (const p of players)
      expect(p.frames.find((f) => f.type === 'message')).toMatchObject({
        message: { role: 'operator', body: 'Which payment method did you use?' },
      });
    for (const p of players) p.socket.close();
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
});
