import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./setup.ts'],
    // A test walks a player through many pages and rounds; on a loaded two-core machine the
    // longest (the bonus played through to a withdrawal) has taken 92 s.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // A page's answers on a loaded two-core machine (two files' servers and browsers at once) may
    // take seconds: a poll waits for what a player would wait for, not vitest's default 1 s.
    expect: { poll: { timeout: 15_000 } },
    // Each file starts its own server and browser. Two files at a time: a file spends much of its
    // time waiting (rounds, polls, page loads), and one at a time left a core idle half the time
    // (the suite took 1,739 s one at a time, 1,175 s two at a time, on two cores).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
