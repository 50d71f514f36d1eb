import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A module's tables are its own (ARCHITECTURE.md, "Boundaries"). Lint stops imports of another
 * module's schema or internals; this test stops the other way in: SQL text naming another
 * module's table. `reports/` reads any table and writes none.
 */
const modulesDir = path.join(import.meta.dirname, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });
}

/** Table name → owning module, from each module's pgTable declarations. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const module of readdirSync(modulesDir)) {
    for (const file of sourceFiles(path.join(modulesDir, module))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z_0-9]+)'/g)) {
        owners.set(m[1]!, module);
      }
    }
  }
  return owners;
}

/** Every place a module's SQL names another module's table: `module/file: verb table`. */
export function foreignTableUses(): string[] {
  const owners = tableOwners();
  const found: string[] = [];
  for (const module of readdirSync(modulesDir)) {
    if (module === 'reports') continue;
    for (const file of sourceFiles(path.join(modulesDir, module))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(from|join|into|update|table)\s+"?([a-z_][a-z_0-9]*)"?/gi)) {
        const owner = owners.get(m[2]!);
        if (owner && owner !== module) {
          found.push(
            `${path.relative(modulesDir, file)}: ${m[1]!.toLowerCase()} ${m[2]} (${owner})`,
          );
        }
      }
    }
  }
  return found;
}

describe('module boundaries', () => {
  it('no module names another module’s table in its SQL', () => {
    expect(foreignTableUses()).toEqual([]);
  });
});
