// `npm run build -w apps/server`: the embedded database's migrated template (platform/db-template.ts).
import path from 'node:path';
import { buildTemplate } from '../platform/db-template';

const started = performance.now();
const seconds = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const { file, built } = await buildTemplate();
const name = path.relative(process.cwd(), file);
process.stdout.write(
  built
    ? `embedded database template: ${name} (${seconds.format((performance.now() - started) / 1000)} s)\n`
    : `embedded database template: ${name} is up to date\n`,
);
