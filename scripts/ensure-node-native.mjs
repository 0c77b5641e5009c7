// Tests run under Node. If better-sqlite3 was last rebuilt for Electron (npm start, packaging),
// rebuild it for Node first; otherwise do nothing.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
try {
  const Database = require('better-sqlite3');
  new Database(':memory:').close();
} catch (error) {
  if (!/NODE_MODULE_VERSION|was compiled against a different Node/.test(String(error?.message))) throw error;
  console.log('better-sqlite3 was built for Electron; rebuilding it for Node...');
  const result = spawnSync('npm', ['rebuild', 'better-sqlite3'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  process.exit(result.status ?? 1);
}
