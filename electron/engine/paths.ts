import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the CLI and browser host keep the database when no --db is given: the same folder the
 * desktop app uses (Electron's userData for productName "District Recon"), so all three hosts share it.
 * RECON_DATA_DIR overrides it.
 */
export function defaultDataFolder(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.RECON_DATA_DIR) return env.RECON_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'District Recon');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'District Recon');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'District Recon');
}
