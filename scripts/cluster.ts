// `npm run cluster`: the production topology on this machine (deploy/README.md) — three API nodes
// on a new database of the local PostgreSQL, a Redis of their own and HAProxy in front, from
// Debian's packages (postgresql, redis-server, haproxy) — until Ctrl-C, which stops it all and
// drops the database. CLUSTER_NODES and CLUSTER_DATABASE_URL change the size and the server.
import { startCluster } from '../apps/server/src/test/cluster';

const baseUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const size = Number(process.env.CLUSTER_NODES ?? 3);

const cluster = await startCluster({ baseUrl, size });
const say = (line: string) => process.stdout.write(`${line}\n`);
say(`load balancer: ${cluster.url}`);
cluster.nodes.forEach((node, i) => say(`node ${i + 1}: ${node.url} (metrics ${node.metricsUrl})`));
say(`database: ${cluster.databaseUrl}; redis: ${cluster.redis.url}. Ctrl-C stops it all.`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  });
