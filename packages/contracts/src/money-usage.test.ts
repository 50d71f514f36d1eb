import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Money maths lives in `money.ts` (STYLE: nothing else rounds money). This reads every source
 * file of the apps and packages and refuses the shapes hand-written rate and amount arithmetic
 * takes, so a share, a rate or a percentage is always computed by the module's one rule.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const moneyModule = 'packages/contracts/src/money.ts';

const rules: { name: string; pattern: RegExp; instead: string }[] = [
  {
    name: 'a share by hand (÷ or × 10,000)',
    pattern: /[*/]\s*10_?000n?\b(?!\.)/,
    instead: 'applyBps(amount, bps)',
  },
  {
    name: 'basis points ÷ or % 100',
    pattern: /bps\)?\s*[/%]\s*100\b/i,
    instead: 'bpsToRate(bps) or bpsToPercent(bps)',
  },
  {
    name: 'a rate parsed by hand',
    pattern: /\*\s*100\s*\+\s*Number\(/,
    instead: 'parseRate(text) or rateToBps(rate)',
  },
  {
    name: 'an amount, rate or percentage written with toFixed',
    pattern:
      /(?:amount|bps|rate|percent|balance|stake|payout|bonus|minor|price|cost)\w*\)*\s*\.toFixed\(|\/\s*10+\)\s*\.toFixed\(/i,
    instead: 'minorToDecimal / formatAmount / bpsToRate',
  },
  {
    name: 'a second copy of a money helper',
    pattern:
      /function\s+(?:applyBps|bpsToRate|bpsToPercent|parseRate|parseAmount|minorToDecimal|formatAmount|trimDecimal)\b/,
    instead: 'the one in packages/contracts/src/money.ts',
  },
];

/**
 * Lines a rule would flag that are not money, by file and the rule's name. Keep it short, and say
 * why each is here.
 */
const allowed: { file: string; rule: string; why: string }[] = [
  {
    file: 'apps/web/src/features/originals/lib/odds.ts',
    rule: 'a share by hand (÷ or × 10,000)',
    why: 'dice and limbo multipliers in ten-thousandths (the odds a form shows), not amounts',
  },
  {
    file: 'packages/games/src/originals/decimal.ts',
    rule: 'a rate parsed by hand',
    why: 'a game parameter typed with two decimals (a dice target, a limbo multiplier), not a rate',
  },
];

const sourceRoots = ['apps', 'packages'];
const isSource = (path: string) =>
  /\.(ts|tsx)$/.test(path) &&
  !/\.d\.ts$/.test(path) &&
  !/\.test\.tsx?$/.test(path) &&
  // Test support (harness, fixtures) is not shipped code.
  !/\/(test|testing)\//.test(path);

function sourceFiles(): string[] {
  const files: string[] = [];
  for (const top of sourceRoots) {
    for (const workspace of readdirSync(join(root, top), { withFileTypes: true })) {
      if (!workspace.isDirectory()) continue;
      const src = join(root, top, workspace.name, 'src');
      let entries: string[];
      try {
        entries = readdirSync(src, { recursive: true, encoding: 'utf8' });
      } catch {
        continue;
      }
      for (const entry of entries) {
        const path = relative(root, join(src, entry)).split('\\').join('/');
        if (isSource(path) && path !== moneyModule) files.push(path);
      }
    }
  }
  return files.sort();
}

/** Comment lines explain the rule in words and formulas; they are not arithmetic. */
const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

/** Every line of `text` that breaks a rule, as `file:line rule → instead: code`. */
function violations(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (isComment(line)) return;
    for (const rule of rules) {
      if (!rule.pattern.test(line)) continue;
      if (allowed.some((a) => a.file === file && a.rule === rule.name)) continue;
      found.push(`${file}:${index + 1} ${rule.name} → use ${rule.instead}: ${line.trim()}`);
    }
  });
  return found;
}

describe('money maths only in the money module', () => {
  const files = sourceFiles();

  it('reads the sources of every workspace', () => {
    expect(files.some((f) => f.startsWith('apps/server/src/'))).toBe(true);
    expect(files.some((f) => f.startsWith('apps/web/src/'))).toBe(true);
    expect(files.some((f) => f.startsWith('packages/games/src/'))).toBe(true);
  });

  it('finds no rate or amount arithmetic outside it', () => {
    const found = files.flatMap((file) => violations(file, readFileSync(join(root, file), 'utf8')));
    expect(found, 'money maths belongs in packages/contracts/src/money.ts').toEqual([]);
  });

  it('flags the shapes it is meant to, and leaves progress bars and drawings alone', () => {
    const flagged = (line: string) => violations('x.ts', line).length > 0;
    for (const bad of [
      'const x = (a * b) / 10_000n;',
      'const share = (bet.stake * BigInt(pool.contributionBps)) / 10000n;',
      'const cents = amount * 10_000;',
      'contributionPercent: (pool.contributionBps / 100).toFixed(2),',
      'return `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, "0")}`;',
      "return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));",
      'const shown = amount.toFixed(2);',
      'const shown = (minor / 100).toFixed(2);',
      'export function applyBps(amount: bigint, bps: number): bigint {',
    ]) {
      expect(flagged(bad), bad).toBe(true);
    }
    for (const fine of [
      'style={{ blockSize: `${Math.round((count / max) * 100)}%` }}',
      'viewBox={`0 0 ${game.reels * 100} ${game.rows * 100}`}',
      'return Math.max(0, Math.min(100, Math.floor((done / total) * 100)));',
      'staleTime: 10_000,',
      'sort: z.number().int().min(0).max(10_000).default(0),',
      'const ms = seconds.toFixed(1);',
      'percentBps: 10_000,',
      ' * floor(amount × bps / 10,000) for a non-negative amount',
      'const limit = 10_000_000n / 2n;',
    ]) {
      expect(flagged(fine), fine).toBe(false);
    }
  });
});
