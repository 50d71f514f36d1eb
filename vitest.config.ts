import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time even on two cores (the default is one fewer than the cores): a server
    // file spends much of its time waiting on its database.
    maxWorkers: 2,
    projects: [
      'packages/contracts',
      'packages/games',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.serial.config.ts',
      'apps/web',
      'apps/console',
    ],
  },
});
