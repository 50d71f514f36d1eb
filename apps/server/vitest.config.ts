import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Files share a worker's loaded modules instead of importing the whole app again each (about
    // 2.5 s a file): every file builds its own app, database and config, and nothing here mocks
    // modules or stubs globals, so no state carries from one file to the next.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
  },
});
