// The npm registry this project is built from lacks unrs-resolver's bindings for other platforms
// (404), so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock.
// This records them as optional, platform-bound entries, which `npm ci` skips on a platform they
// are not for. Run after changing dependencies: node scripts/lock-unavailable-optionals.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const PLATFORM = {
  android: 'android',
  darwin: 'darwin',
  freebsd: 'freebsd',
  linux: 'linux',
  openharmony: 'openharmony',
  win32: 'win32',
  wasm32: null,
};
const CPU = {
  arm: 'arm',
  'arm-eabi': 'arm',
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
};

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.endsWith('node_modules/unrs-resolver')) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const [, os, cpuName, libc] =
      /resolver-binding-([a-z0-9]+)-([a-z0-9]+(?:-eabi)?)(?:-(gnu|musl|gnueabihf|musleabihf|msvc))?$/.exec(name) ?? [];
    if (!os || !(os in PLATFORM)) throw new Error(`Cannot tell the platform of ${name}`);
    const record = { version, dev: entry.dev ?? false, optional: true, license: 'MIT' };
    if (os === 'wasm32') record.cpu = ['wasm32'];
    else {
      record.os = [PLATFORM[os]];
      record.cpu = [CPU[cpuName] ?? cpuName];
      if (libc === 'gnu' || libc === 'gnueabihf') record.libc = ['glibc'];
      if (libc === 'musl' || libc === 'musleabihf') record.libc = ['musl'];
    }
    lock.packages[key] = record;
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: recorded ${added} unavailable optional platform packages`);
