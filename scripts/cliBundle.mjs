/**
 * The CLI bundled by esbuild: the one build both the installed CLI (scripts/build-cli.mjs, run at
 * `npm install`, started by electron/cli/bin.mjs) and the tests (test/helpers/cliBundle.ts) use.
 * Loading the TypeScript sources through tsx costs about two seconds a command; plain node on the
 * bundle starts in a tenth of that.
 *
 * A bundle holds the CLI and the engine's worker entries beside it, as electron.vite.config.ts names
 * them, so the engine starts its worker threads from the bundle (workerEntry.ts), not from the
 * sources; native and CommonJS packages stay outside and load from node_modules.
 */
import { build } from 'esbuild';
import { relative } from 'node:path';

/** The engine's worker entries: out name -> source (the names workerEntry.ts looks for). */
export const WORKER_ENTRIES = {
  syncFetchWorker: 'electron/engine/sync/fetchWorker.ts',
  storeBackupWorker: 'electron/engine/store/workers/backupWorker.ts',
  storeCheckpointWorker: 'electron/engine/store/workers/checkpointWorker.ts',
};

/**
 * The packages bundled in: pure-JavaScript ES modules every command loads, whose hundreds of module
 * files node would otherwise resolve and read one by one (kysely's and zod's cost `status` more than
 * its queries did). Every other package stays in node_modules: native (better-sqlite3), CommonJS
 * (pg), those that read their own files (pdfkit's fonts), those loaded on demand (exceljs, vite).
 */
const BUNDLED_PACKAGES = new Set([
  'kysely',
  'zod',
  'temporal-polyfill',
  'temporal-spec',
  'temporal-utils',
  'csv-parse',
]);

const onlyListedPackagesInside = {
  name: 'only-listed-packages-inside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path, kind }) => {
      if (kind === 'entry-point') return undefined;
      const name = path
        .split('/')
        .slice(0, path.startsWith('@') ? 2 : 1)
        .join('/');
      return BUNDLED_PACKAGES.has(name) ? undefined : { path, external: true };
    });
  },
};

/**
 * Bundles `entries` (out name -> source, relative to `root`) for `outdir` without writing it.
 * Returns the files (names relative to `outdir`, sorted) and the project's source files read
 * (relative to `root`), so a caller can tell later whether the bundle still matches the sources.
 */
export async function bundleCli(root, outdir, entries) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.entries(entries).map(([out, source]) => ({ out, in: source })),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [onlyListedPackagesInside],
    // Chunks, so a command loads what it needs only, as main.ts's import() of each command means it to.
    splitting: true,
    outdir,
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const files = result.outputFiles
    .map((file) => ({ name: relative(outdir, file.path), contents: file.contents }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const inputs = Object.keys(result.metafile.inputs).sort();
  return { files, inputs };
}
