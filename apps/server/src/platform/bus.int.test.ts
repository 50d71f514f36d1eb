import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { CrashRunner } from '../modules/originals';
import { listenForSockets, until, watchFeed, WebSocket, type FeedFrame } from '../test/feed-socket';
import { createTestDatabase, markDemoAccountsLoggedIn, testConfig } from '../test/harness';
import { issueOperatorSession } from '../test/operators';
import { hasRedisServer, startRedis, type TestRedis } from '../test/redis';
import { Bus, type BusTransport } from './bus';
import { Broadcast, eventIdPattern, replayDepth } from './live-socket';

/** Pub/sub in memory, as Redis does it: every subscriber of a channel, in publish order. */
function memoryBroker() {
  const channels = new Map<string, Set<(message: string) => void>>();
  return (): BusTransport => ({
    publish: async (channel, message) => {
      for (const listener of channels.get(channel) ?? []) listener(message);
    },
    subscribe: async (channel, listener) => {
      if (!channels.has(channel)) channels.set(channel, new Set());
      channels.get(channel)!.add(listener);
    },
    close: async () => {},
  });
}

describe('the platform bus', () => {
  it('delivers an event once on every node, the publisher’s own at once', async () => {
    const broker = memoryBroker();
    const nodes = [new Bus(broker()), new Bus(broker()), new Bus(broker())];
    const feeds = nodes.map((bus) => new Broadcast<{ n: number }>().share(bus, 'rounds'));
    const heard = feeds.map(() => [] as number[]);
    feeds.forEach((feed, i) => feed.subscribe((e) => heard[i]!.push(e.n)));
    await Promise.all(nodes.map((bus) => bus.ready()));

    feeds[0]!.publish({ n: 1 });
    feeds[2]!.publish({ n: 2 });
    feeds[1]!.publish({ n: 3 });
    await new Promise((r) => setTimeout(r, 10));
    expect(heard).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
    // Another channel's listeners hear nothing of it.
    const other = new Broadcast<{ n: number }>().share(nodes[1]!, 'other');
    const none: number[] = [];
    other.subscribe((e) => none.push(e.n));
    feeds[0]!.publish({ n: 4 });
    await new Promise((r) => setTimeout(r, 10));
    expect(none).toEqual([]);
    expect(() => new Broadcast().share(nodes[0]!, 'rounds')).toThrow(/linked twice/);
  });

  it('stays in the process without a transport', async () => {
    const bus = new Bus(null);
    expect(bus.shared).toBe(false);
    const feed = new Broadcast<string>().share(bus, 'rounds');
    const heard: string[] = [];
    feed.subscribe((e) => heard.push(e));
    feed.publish('a');
    await bus.ready();
    expect(heard).toEqual(['a']);
  });

  it('keeps the recent events under ids every node shares, for sockets that reconnect', async () => {
    const broker = memoryBroker();
    const [one, two] = [new Bus(broker()), new Bus(broker())];
    const a = new Broadcast<{ n: number }>().share(one, 'rounds');
    const b = new Broadcast<{ n: number }>().share(two, 'rounds');
    const ids: string[] = [];
    a.subscribe((_, id) => ids.push(id));
    for (let n = 1; n <= 5; n++) (n % 2 ? a : b).publish({ n });
    await new Promise((r) => setTimeout(r, 10));
    expect(ids).toHaveLength(5);
    for (const id of ids) expect(id).toMatch(eventIdPattern);
    // Either node answers what came after an id, under the same ids.
    for (const feed of [a, b])
      expect(feed.since(ids[1]!)).toEqual([
        { id: ids[2], event: { n: 3 } },
        { id: ids[3], event: { n: 4 } },
        { id: ids[4], event: { n: 5 } },
      ]);
    expect(a.since(ids[4]!)).toEqual([]);
    expect(a.since('0badf00d.1')).toBeNull();
    // Only the last `replayDepth` are kept: an id older than that is not held any more.
    for (let n = 1; n < replayDepth; n++) a.publish({ n });
    expect(a.since(ids[4]!)).toHaveLength(replayDepth - 1);
    expect(a.since(ids[3]!)).toBeNull();
  });

  it('reports an event that cannot travel, and still delivers it here', async () => {
    const errors: unknown[] = [];
    const bus = new Bus(memoryBroker()(), (e) => errors.push(e));
    const feed = new Broadcast<{ n: bigint }>().share(bus, 'rounds');
    const heard: bigint[] = [];
    feed.subscribe((e) => heard.push(e.n));
    feed.publish({ n: 1n });
    expect(heard).toEqual([1n]);
    expect(errors).toHaveLength(1);
  });
});

/**
 * Two API nodes in this process on one database, each with its own bus connections to one Redis:
 * what happens on one node reaches the sockets of the other. Without Redis it does not (the
 * control that shows the test can tell).
 */
describe.skipIf(!hasRedisServer)('two nodes on one Redis', () => {
  let redis: TestRedis;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const apps: FastifyInstance[] = [];

  const node = async (env: Record<string, string>) => {
    const app = await buildApp({ config: testConfig(env), database });
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    redis = await startRedis();
    database = await createTestDatabase();
    await markDemoAccountsLoggedIn(database);
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    await redis?.stop();
  });

  /** A crash round stepped on `driver`: the frames a socket on `watcher` receives. */
  async function crashFramesAcross(driver: FastifyInstance, watcher: FastifyInstance) {
    const base = await listenForSockets(watcher);
    const socket = await watchFeed(`${base}/ws/originals/crash`);
    await until(() => socket.frames[0]?.type === 'state');
    const runner = new CrashRunner(driver.services.crash);
    let clock = Date.now() + 60 * 60_000;
    driver.services.crash.deps.options.now = () => clock;
    await runner.step(clock);
    const round = await driver.services.crash.liveRound(database.db);
    clock = round!.bettingEndsAt!.getTime();
    await runner.step(clock);
    return { socket, round: round!.number };
  }

  it('a crash round driven on one node reaches a socket on the other', async () => {
    const a = await node({ REDIS_URL: redis.url });
    const b = await node({ REDIS_URL: redis.url });
    expect(a.services.bus.shared && b.services.bus.shared).toBe(true);
    const { socket, round } = await crashFramesAcross(a, b);
    // The round's phases as node A's runner moved it: betting, then running.
    await until(() =>
      socket.frames.some(
        (f: FeedFrame) => f.type === 'phase' && f.round === round && f.phase === 'running',
      ),
    );
    socket.socket.close();
  }, 60_000);

  it('a socket that reconnects to the other node is sent what it missed after its last event id', async () => {
    const a = apps[0]!;
    const b = apps[1]!;
    const runner = new CrashRunner(a.services.crash);
    let clock = Date.now() + 2 * 60 * 60_000;
    a.services.crash.deps.options.now = () => clock;
    const first = await watchFeed(`${await listenForSockets(a)}/ws/originals/crash`);
    await until(() => first.frames[0]?.type === 'state');
    // A round opens for bets while the socket is on node A.
    await runner.step(clock);
    const round = (await a.services.crash.liveRound(database.db))!;
    await until(() => first.frames.some((f) => f.type === 'phase' && f.round === round.number));
    const last = first.frames.at(-1)!;
    expect(last.eventId).toMatch(eventIdPattern);
    first.socket.close();
    // It takes off while the socket is away.
    clock = round.bettingEndsAt!.getTime();
    await runner.step(clock);
    const base = await listenForSockets(b);
    const missedOf = (f: FeedFrame) => f.type === 'phase' && f.round === round.number;
    await until(() => b.services.crash.deps.feed.since(String(last.eventId))!.length > 0);
    // Back, on node B, from the last id it had: the events after it, no state.
    const back = await watchFeed(`${base}/ws/originals/crash?since=${String(last.eventId)}`);
    await until(() => back.frames.some(missedOf));
    expect(back.frames[0]).toMatchObject({ type: 'phase', round: round.number, phase: 'running' });
    expect(back.frames.some((f) => f.type === 'state')).toBe(false);
    back.socket.close();
    // An id the node does not hold: the state, as on a first connect.
    const stale = await watchFeed(`${base}/ws/originals/crash?since=0badf00d.7`);
    await until(() => stale.frames.length > 0);
    expect(stale.frames[0]!.type).toBe('state');
    stale.socket.close();
    // Not an id at all: closed (1008), nothing sent.
    const closed = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${base}/ws/originals/crash?since=${'x'.repeat(20)}`);
      (socket as unknown as { on(e: 'close', l: (code: number) => void): void }).on(
        'close',
        resolve,
      );
    });
    expect(closed).toBe(1008);
  }, 60_000);

  it('an operator’s chat reply on one node reaches the player’s socket on the other', async () => {
    const a = apps[0]!;
    const b = apps[1]!;
    const launched = await a.inject({
      method: 'POST',
      url: '/wps/relay/CBS_launchChat',
      payload: { modelId: 'deposit' },
    });
    expect(launched.statusCode, launched.body).toBe(200);
    const chat = new URL(launched.json().value.chatUrl as string, 'http://taya.test');
    const session = chat.searchParams.get('session')!;
    const key = chat.searchParams.get('key')!;
    const base = await listenForSockets(b);
    const player = await watchFeed(
      `${base}/ws/chat?session=${session}&key=${encodeURIComponent(key)}`,
    );
    await until(() => player.frames.some((f) => f.type === 'history'));
    const operator = await issueOperatorSession(a, database, { subjectId: 'operator-bus-test' });
    const reply = await a.inject({
      method: 'POST',
      url: `/ops/support/chats/${session}/messages`,
      headers: { authorization: `Bearer ${operator}` },
      payload: { body: 'Which payment method did you use?' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    await until(() => player.frames.some((f) => f.type === 'message'));
    expect(player.frames.find((f) => f.type === 'message')).toMatchObject({
      message: { role: 'operator', body: 'Which payment method did you use?' },
    });
    player.socket.close();
  }, 60_000);

  it('an operator’s change on one node drops the other node’s copies at once', async () => {
    const a = apps[0]!;
    const b = apps[1]!;
    const status = async () =>
      (await b.inject({ method: 'GET', url: '/wps/system/status' })).json().value as {
        maintenance: boolean;
      };
    // Node B holds its copies: the status snapshot (5 s) and the catalog (30 s).
    expect((await status()).maintenance).toBe(false);
    const before = await b.services.games.catalog('TYPH');
    expect(before.byId.has('TYPH-TAYA-FORTUNE')).toBe(true);
    await a.services.system.setMaintenance('operator-bus-test', {
      merchantCode: 'TYPH',
      enabled: true,
      message: 'Back soon',
    });
    await database.db.execute(sql`update games set enabled = false where id = 'TYPH-TAYA-FORTUNE'`);
    a.services.games.invalidate('TYPH');
    try {
      await until(async () => (await status()).maintenance, 2_000);
      await until(
        async () => !(await b.services.games.catalog('TYPH')).byId.has('TYPH-TAYA-FORTUNE'),
        2_000,
      );
    } finally {
      await a.services.system.setMaintenance('operator-bus-test', {
        merchantCode: 'TYPH',
        enabled: false,
      });
      await database.db.execute(
        sql`update games set enabled = true where id = 'TYPH-TAYA-FORTUNE'`,
      );
      a.services.games.invalidate('TYPH');
    }
    await until(async () => !(await status()).maintenance, 2_000);
  }, 60_000);

  it('the rate limit holds over both nodes together', async () => {
    const limit = { RATE_LIMIT_PER_MINUTE: '6' };
    // A client of its own: the other tests' calls count on the same Redis.
    const status = (app: FastifyInstance) =>
      app
        .inject({ method: 'GET', url: '/wps/system/status', remoteAddress: '198.51.100.7' })
        .then((r) => r.statusCode);
    const c = await node({ ...limit, REDIS_URL: redis.url });
    const d = await node({ ...limit, REDIS_URL: redis.url });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await status(c), await status(d));
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    expect([await status(c), await status(d)]).toEqual([429, 429]);
    // Each node alone counts its own: without Redis two nodes allow twice the limit.
    const e = await node(limit);
    const f = await node(limit);
    const alone = [];
    for (let i = 0; i < 6; i++) alone.push(await status(e), await status(f));
    expect(alone.every((code) => code === 200)).toBe(true);
  }, 60_000);

  it('without Redis, the other node’s socket hears nothing', async () => {
    const a = await node({});
    const b = await node({});
    expect(a.services.bus.shared).toBe(false);
    const { socket } = await crashFramesAcross(a, b);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(socket.frames.map((f) => f.type)).toEqual(['state']);
    socket.socket.close();
  }, 60_000);
});
