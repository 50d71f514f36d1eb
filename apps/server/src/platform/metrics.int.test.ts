import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForSockets, until, watchFeed } from '../test/feed-socket';
import { createTestApp, fund, type TestContext } from '../test/harness';
import { newMember } from '../test/members';
import { serveMetrics } from './metrics';

let t: TestContext;
let scrapeUrl: string;
let server: Server;

beforeAll(async () => {
  t = await createTestApp({
    env: { JOBS: 'on', SPORTS_FEED: 'off' },
    beforeReady: (app) =>
      app.services.jobs.define({ name: 'test.metrics', run: async () => ({ done: true }) }),
  });
  server = await serveMetrics(t.app.services.metrics, { port: 0, host: '127.0.0.1' });
  scrapeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
}, 60_000);
afterAll(async () => {
  await new Promise((done) => server?.close(done));
  await t?.close();
});

/** One sample's value from Prometheus text, by its name and labels as written. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('metrics', () => {
  it('scraped on their own port: requests by route and status, latency, jobs, sockets and bets', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    await t.app.inject({ method: 'GET', url: '/wps/no/such/path/42' });
    await t.app.services.jobs.runNow('test.metrics');
    const member = await newMember(t);
    await fund(t.app, member.id, 100_00n, 'metrics-fund');
    const bet = await member.post('/originals/dice/bets', {
      requestId: 'metrics-dice-1',
      amount: '2.00',
      params: { target: '50.00', direction: 'under' },
    });
    expect(bet.statusCode, bet.body).toBe(200);
    const base = await listenForSockets(t.app);
    const socket = await watchFeed(`${base}/ws/originals/crash`);
    await until(() => socket.frames.length > 0);

    const scraped = await fetch(scrapeUrl);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scraped.text();
    expect(
      sample(
        text,
        'taya_http_requests_total{method="GET",route="/wps/system/status",status="200"}',
      ),
    ).toBe(3);
    // Paths that match no route count under one label, never as themselves.
    expect(
      sample(text, 'taya_http_requests_total{method="GET",route="(unmatched)",status="404"}'),
    ).toBe(1);
    expect(text).not.toContain('/wps/no/such/path/42');
    expect(
      sample(
        text,
        'taya_http_request_duration_seconds_count{method="GET",route="/wps/system/status"}',
      ),
    ).toBe(3);
    expect(sample(text, 'taya_job_runs_total{job="test.metrics",outcome="ok"}')).toBe(1);
    expect(sample(text, 'taya_job_duration_seconds_count{job="test.metrics"}')).toBe(1);
    expect(sample(text, 'taya_websocket_connections{route="/ws/originals/crash"}')).toBe(1);
    // The dice bet: held, then settled, by the kernel.
    expect(sample(text, 'taya_bets_total{event="held"}')).toBe(1);
    expect(sample(text, 'taya_bets_total{event="settled"}')).toBe(1);
    expect(sample(text, 'taya_db_pool_waiting')).toBe(0);
    expect(text).toMatch(/^taya_process_cpu_seconds_total \d/m);

    // A closed socket is counted out.
    socket.socket.close();
    await expect
      .poll(async () =>
        sample(
          await (await fetch(scrapeUrl)).text(),
          'taya_websocket_connections{route="/ws/originals/crash"}',
        ),
      )
      .toBe(0);
  }, 60_000);

  it('are not on the public port, and the metrics port serves nothing else', async () => {
    const pub = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(pub.statusCode).toBe(404);
    expect(pub.body).not.toContain('taya_http_requests_total');
    const other = await fetch(scrapeUrl.replace('/metrics', '/'));
    expect(other.status).toBe(404);
  });
});
