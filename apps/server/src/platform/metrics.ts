import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db';

/** The part of the `ws` server (@fastify/websocket's) that counting needs. */
interface SocketServer {
  on(
    event: 'connection',
    listener: (
      socket: { on(event: 'close', listener: () => void): void },
      request: { url?: string },
    ) => void,
  ): void;
}

/**
 * The node's Prometheus metrics (prom-client), one registry per app: RED metrics per route
 * (requests by method, route pattern and status; latency), the database pool's connections and
 * waiters, job runs and their durations, open WebSocket connections per feed, and the kernel's
 * bets held, settled and voided. Names follow Prometheus conventions (`taya_…_total` counters,
 * `_seconds` histograms). They are served only on `METRICS_PORT` (see `serveMetrics`), never on
 * the public port.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly requests = new Counter({
    name: 'taya_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly requestSeconds = new Histogram({
    name: 'taya_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly sockets = new Gauge({
    name: 'taya_websocket_connections',
    help: 'WebSocket connections open on this node, by route',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'taya_job_runs_total',
    help: 'Scheduled job runs on this node, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobSeconds = new Histogram({
    name: 'taya_job_duration_seconds',
    help: 'Time a scheduled job run took, by job',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [this.registry],
  });

  readonly bets = new Counter({
    name: 'taya_bets_total',
    help: 'Bets the wagering kernel posted on this node: held, settled, resettled or voided (posted inside a transaction that may still roll back)',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });

  constructor(database: Pick<Database, 'pool'>) {
    const pool = database.pool;
    new Gauge({
      name: 'taya_db_pool_connections',
      help: 'Database pool connections by state (PostgreSQL; the embedded database has one)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const now = pool?.();
        this.set({ state: 'total' }, now?.total ?? 1);
        this.set({ state: 'idle' }, now?.idle ?? 0);
      },
    });
    new Gauge({
      name: 'taya_db_pool_waiting',
      help: 'Queries waiting for a free database connection',
      registers: [this.registry],
      collect() {
        this.set(pool?.().waiting ?? 0);
      },
    });
  }

  /** Counts every answered request by its route's pattern (never the raw path: no ids in labels). */
  install(app: FastifyInstance): void {
    this.installSockets(app);
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? '(unmatched)';
      const labels = { method: req.method, route };
      this.requests.inc({ ...labels, status: String(reply.statusCode) });
      this.requestSeconds.observe(labels, reply.elapsedTime / 1000);
    });
  }

  /** Counts each WebSocket while it is open, by its route's path (ids travel in the query). */
  installSockets(app: FastifyInstance): void {
    app.addHook('onReady', async () => {
      const server = (app as { websocketServer?: SocketServer }).websocketServer;
      server?.on('connection', (socket, request) => {
        const route = (request.url ?? '/').split('?')[0]!;
        this.sockets.inc({ route });
        socket.on('close', () => this.sockets.dec({ route }));
      });
    });
  }

  /** Runs a job, counting the run and its time. */
  async timeJob<T>(job: string, run: () => Promise<T>): Promise<T> {
    const end = this.jobSeconds.startTimer({ job });
    try {
      const out = await run();
      this.jobRuns.inc({ job, outcome: 'ok' });
      return out;
    } catch (error) {
      this.jobRuns.inc({ job, outcome: 'failed' });
      throw error;
    } finally {
      end();
    }
  }
}

/**
 * Serves `GET /metrics` (Prometheus text) on a port of its own, by default on loopback only: a
 * scraper on the same host or network reaches it, the public never (the load balancer forwards
 * only the API's port). The process's own figures (CPU, memory, event loop lag) join the node's.
 */
export async function serveMetrics(
  metrics: Metrics,
  options: { port: number; host: string },
): Promise<Server> {
  collectDefaultMetrics({ register: metrics.registry, prefix: 'taya_' });
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
