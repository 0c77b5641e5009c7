/**
 * Issue 30 item 10: `npm install` on a Node version package.json's `engines` allows warns about no
 * package's engines, but for the Electron tooling README.md names as harmless on Node 20 (it needs
 * Node 22.12 by its own word; it runs only to fetch the desktop runtime and rebuild better-sqlite3
 * for it, and works on 20.19+). Read from package-lock.json: what npm checks at install.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/** npm's own range logic (semver, which npm and half the tree depend on), typed as used here. */
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  major(version: string): number;
};

interface LockedPackage {
  version?: string;
  engines?: { node?: string };
  optional?: boolean;
}

const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockedPackage> };
const readme = readFileSync('README.md', 'utf8');

/** What README.md says is harmless on Node 20, and why. */
const HARMLESS_ON_NODE_20 = [
  'electron',
  '@electron/get',
  '@electron/rebuild',
  'node-abi',
  '@electron-internal/extract-zip',
];

/** The first and a late release of each line a district is likely to run. */
const PROBES = ['20.19.0', '20.20.2', '22.0.0', '22.9.0', '22.12.0', '22.13.0', '22.21.0', '24.0.0', '24.11.0'];

/** The packages npm would warn about on `node`: installed (an optional one only when present) and not allowing it. */
function warnedOn(node: string): string[] {
  const names = new Set<string>();
  for (const [path, pkg] of Object.entries(lock.packages)) {
    const range = pkg.engines?.node;
    if (!path || !range || (pkg.optional && !existsSync(path))) continue;
    if (!semver.satisfies(node, range)) names.add(path.replace(/^.*node_modules\//, ''));
  }
  return [...names].sort();
}

describe("package.json's engines", () => {
  const allowed = PROBES.filter((node) => semver.satisfies(node, engines.node));

  it('allows Node 20.19 and 22.13 on, the lines the CLI, the server and the tests run on', () => {
    expect(allowed).toEqual(expect.arrayContaining(['20.19.0', '22.13.0']));
  });

  it.each(PROBES)('on Node %s, if allowed, npm warns only about the tooling README explains', (node) => {
    if (!allowed.includes(node)) return;
    expect(warnedOn(node)).toEqual(semver.major(node) === 20 ? [...HARMLESS_ON_NODE_20].sort() : []);
  });

  it('README names each package it calls harmless', () => {
    for (const name of HARMLESS_ON_NODE_20) expect(readme).toContain(`\`${name}\``);
  });
});
