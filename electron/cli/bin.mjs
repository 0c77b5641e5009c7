#!/usr/bin/env node
// The CLI entry. It runs the bundle built at install (out/cli, scripts/build-cli.mjs) with plain
// node, which starts in a tenth of the time; where that bundle is absent or older than the sources
// (or DISTRICT_RECON_FROM_SOURCES is set), it runs the TypeScript sources through tsx, so
// `npx district-recon` works with no build step.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [first] = process.argv.slice(2);
if (first === '--version' || first === '-v') {
  // Answered before anything else loads or the bundle's hundreds of sources are checked: half of what
  // `--version` took was that, for a line package.json (the one source of the version) holds.
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${version}\n`);
} else {
  const { freshBundleEntry } = await import('./installedBundle.mjs');
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const bundled = process.env.DISTRICT_RECON_FROM_SOURCES ? null : freshBundleEntry(root, `${root}out/cli`);
  if (bundled) {
    // The bundle's entry runs main() and sets the exit code itself.
    await import(pathToFileURL(bundled).href);
  } else {
    const { tsImport } = await import('tsx/esm/api');
    const { main } = await tsImport('./main.ts', import.meta.url);
    process.exitCode = await main(process.argv.slice(2));
  }
}
