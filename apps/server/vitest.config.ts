import { defineProject } from 'vitest/config';
import { serialFiles, serverTest } from './vitest.shared';

export default defineProject({
  test: {
    ...serverTest,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: serialFiles,
  },
});
