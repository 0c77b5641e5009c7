/**
 * What the sync's fetch worker loads before its first request: every sync starts one, and each
 * package it imports is read and compiled again in that thread (kysely, pulled in by the digests'
 * unpacking beside their SQL, cost ~0.2 s of a nightly). The worker fetches, parses and validates;
 * it never touches the store.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const WORKER = fileURLToPath(new URL('../../../electron/engine/sync/fetchWorker.ts', import.meta.url));

describe("the fetch worker's packages", () => {
  it('are the validation, the dates and Node, never the store', async () => {
    const result = await build({
      entryPoints: [WORKER],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const packages = new Set(
      Object.values(result.metafile.outputs)
        .flatMap((output) => output.imports)
        .filter((imported) => imported.external && !imported.path.startsWith('node:'))
        .map((imported) => imported.path),
    );
    expect([...packages].sort()).toEqual(['temporal-polyfill', 'zod']);
  });
});
