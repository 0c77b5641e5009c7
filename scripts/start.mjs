// `npm start`: the desktop app when the Electron runtime is available; otherwise one line saying so,
// then the same app in browser mode.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const root = dirname(dirname(new URL(import.meta.url).pathname));

function electronRuntimePresent() {
  try {
    const dir = dirname(require.resolve('electron/package.json'));
    const pathFile = join(dir, 'path.txt');
    if (existsSync(pathFile) && existsSync(join(dir, 'dist', readFileSync(pathFile, 'utf8')))) return true;
    // Electron 45 fetches its binary on first run; try once, quietly, and fall back if it cannot.
    const fetched = spawnSync(process.execPath, [join(dir, 'install.js')], { stdio: 'ignore', timeout: 300_000 });
    return fetched.status === 0 && existsSync(pathFile);
  } catch {
    return false;
  }
}

function run(command, args) {
  const child = spawn(command, args, { stdio: 'inherit', cwd: root, shell: process.platform === 'win32' });
  child.on('exit', (code) => process.exit(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
}

if (electronRuntimePresent()) {
  // better-sqlite3 is compiled for Node by `npm install`; the desktop app needs it built for Electron.
  const rebuilt = spawnSync('npx', ['electron-rebuild', '-f', '-o', 'better-sqlite3'], {
    stdio: 'inherit',
    cwd: root,
    shell: process.platform === 'win32',
  });
  if (rebuilt.status !== 0) {
    console.error('Could not rebuild better-sqlite3 for Electron; see the output above.');
    process.exit(1);
  }
  run('npx', ['electron-vite', 'dev']);
} else {
  console.log(
    'The Electron runtime is not available on this machine (its binary could not be downloaded); serving District Recon in browser mode instead.',
  );
  run(process.execPath, [join(root, 'electron/cli/bin.mjs'), 'web', ...process.argv.slice(2)]);
}
