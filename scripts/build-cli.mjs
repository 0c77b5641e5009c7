/**
 * Builds the installed CLI's bundle into out/cli (run at `npm install`, and by hand with
 * `npm run build:cli`): electron/cli/bin.mjs starts it with plain node, which answers `--version` in
 * a tenth of the time the TypeScript sources through tsx take. Beside the files goes bundle.json:
 * each source file read and its modification time, so bin.mjs can tell a bundle the sources have
 * moved past and run the sources instead.
 *
 * Without esbuild (an install without dev dependencies) it builds nothing, and says so: bin.mjs
 * then runs the sources.
 */
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'out/cli');

let bundler;
try {
  bundler = await import('./cliBundle.mjs');
} catch (error) {
  process.stdout.write(`district-recon: no CLI bundle built (${error.message}); the CLI runs from the sources.\n`);
  process.exit(0);
}

const started = performance.now();
const { files, inputs } = await bundler.bundleCli(ROOT, OUT, {
  cli: 'electron/cli/entry.ts',
  ...bundler.WORKER_ENTRIES,
});
// Times read after the build: a source saved during it then reads as newer, and the bundle as stale.
const sources = Object.fromEntries(inputs.map((input) => [input, statSync(join(ROOT, input)).mtimeMs]));

// Written whole beside out/cli, then swapped in, so a CLI starting meanwhile finds the old bundle or
// none (and runs the sources), never half of one.
const building = `${OUT}.building-${process.pid}`;
const old = `${OUT}.old-${process.pid}`;
rmSync(building, { recursive: true, force: true });
for (const file of files) {
  mkdirSync(dirname(join(building, file.name)), { recursive: true });
  writeFileSync(join(building, file.name), file.contents);
}
writeFileSync(join(building, 'bundle.json'), `${JSON.stringify({ sources })}\n`);
try {
  renameSync(OUT, old);
} catch {
  // No earlier bundle.
}
renameSync(building, OUT);
rmSync(old, { recursive: true, force: true });
process.stdout.write(
  `district-recon: CLI bundle built in ${Math.round(performance.now() - started)} ms (${files.length} files, out/cli)\n`,
);
