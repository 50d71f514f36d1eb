import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, outputOf, startNode } from './nodes';
import { hasRedisServer, startRedis, type TestRedis } from './redis';

/** Debian's HAProxy (package haproxy), the load balancer of the production topology. */
export const haproxyPath = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
export const canRunCluster = existsSync(haproxyPath) && hasRedisServer;

const deployConfig = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../deploy/haproxy.cfg',
);

export interface ClusterNode {
  port: number;
  /** `http://127.0.0.1:<port>`: the node itself, past the load balancer. */
  url: string;
  metricsUrl: string;
  child: ChildProcess | null;
}

export interface Cluster {
  /** The load balancer's address: what players and operators reach. */
  url: string;
  databaseUrl: string;
  redis: TestRedis;
  nodes: ClusterNode[];
  /** Kills a node outright (SIGKILL), as a crash would. */
  kill(index: number): Promise<void>;
  /** Starts a killed node again on its port. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
  /**
   * What went on, for a failing test: the load balancer's messages (servers taken out and back),
   * nodes that exited without being told to, and the end of each node's output.
   */
  report(): string;
}

/**
 * The production topology on this machine (`deploy/README.md`), for tests and for trying it:
 * a new database on the PostgreSQL at `baseUrl`, a Redis of its own, `size` API nodes as their
 * own processes (jobs on), and HAProxy in front with `deploy/haproxy.cfg`'s settings (health
 * checks on `/readyz`), the nodes' ports and a free port of its own.
 */
export async function startCluster(options: {
  baseUrl: string;
  size?: number;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const size = options.size ?? 3;
  const name = `taya_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const base = new URL(options.baseUrl);
  base.pathname = `/${name}`;
  const databaseUrl = base.toString();
  const redis = await startRedis();
  const dir = mkdtempSync(path.join(tmpdir(), 'taya-cluster-'));
  const nodes: ClusterNode[] = [];
  for (let i = 0; i < size; i++) {
    const port = await freePort();
    const metrics = await freePort();
    nodes.push({
      port,
      url: `http://127.0.0.1:${port}`,
      metricsUrl: `http://127.0.0.1:${metrics}/metrics`,
      child: null,
    });
  }
  // One sealing key for the fleet, as deploy/README.md asks: a body sealed with the key one node
  // published opens on any node.
  const sealingKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  const envOf = (node: ClusterNode) => ({
    JOBS: 'on',
    ENCRYPTION_PRIVATE_KEY: sealingKey,
    REDIS_URL: redis.url,
    METRICS_PORT: new URL(node.metricsUrl).port,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const exits: string[] = [];
  const start = async (node: ClusterNode) => {
    const child = await startNode(databaseUrl, node.port, envOf(node));
    node.child = child;
    child.once('exit', (code, signal) => {
      if (node.child === child)
        exits.push(`${new Date().toISOString()} node on ${node.port} exited (${code ?? signal})`);
    });
  };
  let haproxy: ChildProcess | null = null;
  let haproxyFailed = '';
  let alerts = '';
  const stop = async () => {
    haproxy?.kill('SIGKILL');
    const children = nodes.map((n) => n.child);
    for (const n of nodes) n.child = null;
    await Promise.all(children.map(endProcess));
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
    const cleaner = new pg.Client({ connectionString: options.baseUrl });
    await cleaner.connect();
    await cleaner.query(`drop database if exists ${name} with (force)`);
    await cleaner.end();
  };
  try {
    // The first node migrates and seeds; the others start on what it made.
    await start(nodes[0]!);
    await Promise.all(nodes.slice(1).map(start));
    const lbPort = await freePort();
    const config = path.join(dir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(lbPort, nodes));
    haproxy = spawn(haproxyPath, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    haproxy.stderr!.on('data', (chunk: Buffer) => {
      alerts = (alerts + chunk.toString('utf8')).slice(-32_768);
    });
    haproxy.once('exit', (code) => {
      if (code !== null && code !== 0) haproxyFailed = `haproxy exited (${code}): ${alerts.trim()}`;
    });
    const url = `http://127.0.0.1:${lbPort}`;
    await waitFor(async () => {
      if (haproxyFailed) throw new Error(haproxyFailed);
      return (await fetch(`${url}/readyz`)).status === 200;
    }, 30_000);
    // Every node in rotation: each has passed its health checks.
    await waitFor(
      async () =>
        (await Promise.all(nodes.map(async (n) => (await fetch(`${n.url}/readyz`)).status))).every(
          (s) => s === 200,
        ),
      60_000,
    );
    await new Promise((r) => setTimeout(r, 2_500));
    return {
      url,
      databaseUrl,
      redis,
      nodes,
      kill: async (index) => {
        const node = nodes[index]!;
        const child = node.child;
        node.child = null;
        child?.kill('SIGKILL');
        await endProcess(child);
      },
      restart: async (index) => start(nodes[index]!),
      stop,
      report: () =>
        [
          '--- load balancer',
          alerts.trim(),
          '--- exits',
          ...exits,
          ...nodes.flatMap((n) =>
            n.child ? [`--- node on ${n.port}`, outputOf(n.child).trim()] : [],
          ),
        ].join('\n'),
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}

/** `deploy/haproxy.cfg` with this cluster's ports (its timeouts, checks and balancing as they are). */
function haproxyConfig(lbPort: number, nodes: ClusterNode[]): string {
  const lines = readFileSync(deployConfig, 'utf8')
    .split('\n')
    .filter((l) => !/^\s*server node\d/.test(l) && !/^\s*log /.test(l));
  return (
    lines
      .join('\n')
      .replace(/bind 127\.0\.0\.1:8080/, `bind 127.0.0.1:${lbPort}`)
      // A test's process may not raise its open-file limit as far as production's maxconn needs.
      .replace(/^(\s*)maxconn \d+$/m, '$1maxconn 2000')
      // Three nodes and the tests share two cores: a node answers its checks later than in
      // production, and is taken out only after 5 s of failing them.
      .replace(/timeout check \d+s/, 'timeout check 5s')
      .replace(/inter 1s fall 3/, 'inter 1s fall 5')
      .trimEnd() +
    '\n' +
    nodes.map((n, i) => `    server node${i + 1} 127.0.0.1:${n.port} check`).join('\n') +
    '\n'
  );
}

async function endProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      // Not answering yet; a process that has failed fails the wait at once.
      if (error instanceof Error && error.message.startsWith('haproxy exited')) throw error;
    }
    if (Date.now() > end) throw new Error(`not ready in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
