import { defineProject } from 'vitest/config';
import { serialFiles, serverTest } from './vitest.shared';

/** The server files that must not share the database server with another file (see `serialFiles`). */
export default defineProject({
  test: {
    ...serverTest,
    name: 'server-serial',
    include: serialFiles,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
  },
});
