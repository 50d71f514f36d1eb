import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/games', 'apps/server', 'apps/web', 'apps/console'],
  },
});
