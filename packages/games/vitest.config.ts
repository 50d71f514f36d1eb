import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'games', environment: 'node', include: ['src/**/*.test.ts'] },
});
