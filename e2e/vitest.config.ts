import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Each file starts its own server and browser; two cores run them one at a time.
    fileParallelism: false,
  },
});
