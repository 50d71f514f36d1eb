import PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { JobsConnection } from './db';
import type { Metrics } from './metrics';

export interface JobDefinition {
  /** Queue name, e.g. "cashier.auto-confirm". */
  name: string;
  /** A cron expression (five fields) in `timeZone`; without one the job runs only when sent. */
  cron?: string;
  timeZone?: string;
  /** Does the work. It must be safe to run twice: a job may be retried after a crash. */
  run: (data: Record<string, unknown>) => Promise<unknown>;
}

/**
 * pg-boss on the embedded database: parameterless (possibly multi-statement) SQL goes through
 * `exec`, the rest through `query`. PGlite has one connection, so these wait their turn behind
 * the application's own queries and transactions.
 */
function pgliteAdapter(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

/**
 * Scheduled and queued jobs on a PostgreSQL-backed queue (pg-boss), so that with several API
 * nodes each scheduled run happens once: the schedule is kept in the database and a job is
 * fetched by one worker only.
 */
export class Jobs {
  private boss: PgBoss | null = null;
  private started = false;
  private readonly definitions = new Map<string, JobDefinition>();

  constructor(
    private readonly connection: JobsConnection,
    private readonly log: FastifyBaseLogger,
    private readonly metrics?: Pick<Metrics, 'timeJob'>,
  ) {}

  define(definition: JobDefinition): void {
    if (this.boss) throw new Error('Jobs are defined before start()');
    this.definitions.set(definition.name, definition);
  }

  get names(): string[] {
    return [...this.definitions.keys()];
  }

  /** Whether the queue has started, with every job's worker and schedule, and not stopped. */
  get running(): boolean {
    return this.started && this.boss !== null;
  }

  async start(): Promise<void> {
    const options: PgBoss.ConstructorOptions = {
      schema: 'pgboss',
      supervise: true,
      schedule: true,
      migrate: true,
      // Finished jobs are kept a week for inspection, then archived and dropped.
      deleteAfterDays: 7,
    };
    const boss =
      this.connection.kind === 'postgres'
        ? new PgBoss({ ...options, connectionString: this.connection.url, max: 3 })
        : new PgBoss({ ...options, db: pgliteAdapter(this.connection.client) });
    boss.on('error', (err: Error) => {
      // The queue's own errors carry no request data; log the type and code only.
      const code = (err as { code?: string }).code;
      this.log.error({ err: { type: err.name, code } }, 'job queue error');
    });
    await boss.start();
    this.boss = boss;
    for (const def of this.definitions.values()) {
      await boss.createQueue(def.name, { name: def.name, retryLimit: 3, retryDelay: 30 });
      await boss.work<Record<string, unknown>>(
        def.name,
        { pollingIntervalSeconds: 2, batchSize: 1 },
        async ([job]) => {
          // One job a fetch (batchSize 1): what it returns is kept as the job's output.
          try {
            const run = () => def.run(job?.data ?? {});
            return await (this.metrics ? this.metrics.timeJob(def.name, run) : run());
          } catch (err) {
            this.log.error(
              { job: def.name, err: { type: (err as Error).name } },
              'job failed; it will be retried',
            );
            throw err;
          }
        },
      );
      if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: def.timeZone ?? 'UTC' });
      else await boss.unschedule(def.name).catch(() => {});
    }
    this.started = true;
  }

  /** Queues a run now and waits until a worker (on any node) has finished it. */
  async runNow(name: string, data: Record<string, unknown> = {}, timeoutMs = 30_000) {
    const boss = this.boss;
    if (!boss) throw new Error('Jobs are not running');
    const id = await boss.send(name, data);
    if (!id) throw new Error(`Job ${name} was not queued`);
    const until = Date.now() + timeoutMs;
    for (;;) {
      const job = await boss.getJobById(name, id, { includeArchive: true });
      if (job?.state === 'completed') return job;
      if (job?.state === 'failed') throw new Error(`Job ${name} failed`);
      if (Date.now() > until) throw new Error(`Job ${name} did not finish in time`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Stops fetching, lets running jobs finish, and closes the queue's connections. */
  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    this.started = false;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
  }
}
