/**
 * A sandboxed preload can require() only 'electron' (and a few Node built-ins): every module it
 * reaches, followed through relative imports, may import no npm package but 'electron'. This is what
 * keeps zod (contract.ts) out of it; electron.vite.config.ts also bundles the preload whole.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function reachable(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = match[1] ?? match[2]!;
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec.endsWith('.ts') ? spec : `${spec}.ts`));
      else packages.add(spec);
    }
  };
  visit(entry);
  return { files: [...files].map((f) => f.slice(ROOT.length + 1)).sort(), packages: [...packages].sort() };
}

describe('the preload', () => {
  it('reaches no npm package but electron, and no schema code', () => {
    const { files, packages } = reachable(resolve(ROOT, 'electron/preload/index.ts'));
    expect(packages).toEqual(['electron']);
    expect(files).toEqual([
      'electron/preload/index.ts',
      'shared/contractNames.ts',
      'shared/contractRoles.ts',
      'shared/desktopHost.ts',
    ]);
  });
});
