import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema';
import { isEmptyDataDir, prepareDataDir, readTemplate } from './db-template';

export type Schema = typeof schema;
/** The one database handle every store uses; the same API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * A handle inside `db.transaction(...)`. Stores accept either. Inside a transaction use only
 * the `tx`: the embedded database has one connection, so a query on `db` there waits forever.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../db/migrations',
);

/** How the job queue reaches the database: its own pool on PostgreSQL, the one client on PGlite. */
export type JobsConnection = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  jobs: JobsConnection;
  /** The pool's connections now (PostgreSQL; the embedded database has one, no pool). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Applies the committed SQL migrations (several nodes may start at once on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      url: string;
      poolSize?: number;
      /** How long a query waits for a free connection before failing (10 s unless told). */
      connectionTimeoutMillis?: number;
    }
  | { dataDir: string }
  | { pglite: PGlite };

/** A number every migration run takes as a PostgreSQL advisory lock, so nodes migrate one at a time. */
const MIGRATION_LOCK = 7_240_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A money path never waits forever for a connection.
      connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
    });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      jobs: { kind: 'postgres', url: options.url },
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      migrate: () => migratePostgres(options.url),
      // Closing twice is harmless, as on the embedded database.
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }
  let client: PGlite;
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    // A new database starts from the build's migrated template when there is one (db-template.ts).
    await prepareDataDir(options.dataDir);
    // Still empty: no template, or one only PGlite's own loader reads (else `initdb`).
    const template = isEmptyDataDir(options.dataDir) ? readTemplate() : null;
    client = new PGlite(options.dataDir, template ? { loadDataDir: template } : {});
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    jobs: { kind: 'pglite', client },
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
