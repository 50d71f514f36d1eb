import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

// Evaluated through the DevTools protocol: the site's CSP rightly refuses an injected <script>.
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe-core's serious and critical findings on what the page shows now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Loaded once a document (a navigation brings a new one).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document, options: { resultTypes: string[] }) => Promise<AxeResults>;
        };
      }
    ).axe;
    // Only the violations are read: axe details every node of those, and one of the rest.
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')} — ${v.help}`),
    );
}
