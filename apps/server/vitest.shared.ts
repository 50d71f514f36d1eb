import type { ViteUserConfig } from 'vitest/config';

/**
 * Files that read the settled-bet stream, directly or through the rankings, hot games and winners
 * built from it: it hands on a record only once every transaction older than it has ended, and on
 * a PostgreSQL server that horizon spans every database, so another file's open transactions
 * would hold these back. And the three-node cluster behind HAProxy, whose seven processes of its
 * own (nodes with their jobs and game loops, Redis, the balancer) and its timings (health checks,
 * a node's restart under load) are its test: another file's processes on the same two cores would
 * starve its nodes' health checks. They run one at a time after the rest
 * (`vitest.serial.config.ts`); every other file runs two at a time.
 */
export const serialFiles = [
  'src/modules/play/stream.int.test.ts',
  'src/modules/games/rankings.int.test.ts',
  'src/modules/games/winners.int.test.ts',
  'src/modules/games/games.int.test.ts',
  'src/cluster.int.test.ts',
];

export const serverTest = {
  environment: 'node',
  globalSetup: ['src/test/global-setup.ts'],
  // Files share a worker's loaded modules instead of importing the whole app again each (about
  // 2.5 s a file): every file builds its own app, database and config, and nothing here mocks
  // modules or stubs globals, so no state carries from one file to the next.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  env: { NODE_ENV: 'test' },
} satisfies NonNullable<ViteUserConfig['test']>;
