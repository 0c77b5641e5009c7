/**
 * The electron-builder configuration, checked offline with electron-builder's own loader and schema
 * (app-builder-lib's scheme.json through its validator), then for the keys IT will ask about.
 */
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
const ROOT = resolve(import.meta.dirname, '../..');

interface BuilderConfig {
  [key: string]: unknown;
  /** getConfig normalises `files` to one FileSet. */
  files: Array<{ filter: string[] }>;
  asarUnpack: string[];
  electronFuses: Record<string, boolean>;
  win: { target: Array<{ target: string }>; icon: string };
  nsis: Record<string, unknown>;
  mac: Record<string, unknown> & { target: Array<{ target: string }> };
}

const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, fromOptions: unknown): Promise<BuilderConfig>;
  validateConfiguration(config: unknown, debugLogger: { isEnabled: boolean; add(): void }): Promise<void>;
};
const debugLogger = { isEnabled: false, add() {} };

async function loadConfig(): Promise<BuilderConfig> {
  return getConfig(ROOT, null, null);
}

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own schema validation', async () => {
    const config = await loadConfig();
    await expect(validateConfiguration(config, debugLogger)).resolves.toBeUndefined();
  });

  it('would be rejected by that validation if it were wrong (the check is real)', async () => {
    const config = await loadConfig();
    await expect(
      validateConfiguration({ ...config, nsis: { ...config.nsis, perMachin: false } }, debugLogger),
    ).rejects.toThrow(/configuration\.nsis/);
    await expect(
      validateConfiguration(
        { ...config, electronFuses: { ...config.electronFuses, runAsNode: 'sometimes' } },
        debugLogger,
      ),
    ).rejects.toThrow(/configuration\.electronFuses/);
  });

  it('packs only the built app', async () => {
    const config = await loadConfig();
    expect(config).toMatchObject({
      appId: expect.stringMatching(/^[a-z]+(\.[a-z-]+)+$/),
      productName: 'District Recon',
      asar: true,
    });
    const patterns = config.files.flatMap((set) => set.filter);
    expect(patterns.filter((pattern) => !pattern.startsWith('!'))).toEqual([
      'out/main/**',
      'out/preload/**',
      'out/renderer/**',
      'package.json',
    ]);
    expect(patterns).toContain('!**/*.map');
    expect(config.asarUnpack).toEqual(['**/node_modules/better-sqlite3/build/Release/*.node']);
    expect(config.npmRebuild).toBe(true);
  });

  it('sets the fuses: no RunAsNode, NODE_OPTIONS or inspect; asar integrity and asar-only on', async () => {
    expect((await loadConfig()).electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('builds a per-user NSIS installer for Windows', async () => {
    const config = await loadConfig();
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis']);
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false, allowElevation: false });
    expect(existsSync(join(ROOT, config.win.icon))).toBe(true);
  });

  it('builds a hardened, notarised dmg for macOS with entitlements from build/', async () => {
    const config = await loadConfig();
    expect(config.mac.target.map((t) => t.target)).toEqual(['dmg']);
    expect(config.mac).toMatchObject({
      hardenedRuntime: true,
      entitlements: 'build/entitlements.mac.plist',
      entitlementsInherit: 'build/entitlements.mac.plist',
      icon: 'build/icon.icns',
    });
    expect(config.afterSign).toBe('build/notarize.cjs');
    const entitlements = readFileSync(join(ROOT, 'build/entitlements.mac.plist'), 'utf8').replace(
      /<!--[\s\S]*?-->/g,
      '',
    );
    // Only allow-jit is granted (justified in the plist); nothing that weakens library validation.
    expect([...entitlements.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1])).toEqual([
      'com.apple.security.cs.allow-jit',
    ]);
  });
});

describe('icons', () => {
  it('are real PNG, ICO and ICNS files of the expected sizes', () => {
    const png = readFileSync(join(ROOT, 'build/icon.png'));
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024]);
    const png512 = readFileSync(join(ROOT, 'build/icons/512x512.png'));
    expect(png512.readUInt32BE(16)).toBe(512);
    const ico = readFileSync(join(ROOT, 'build/icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 7]);
    const icns = readFileSync(join(ROOT, 'build/icon.icns'));
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    expect(icns.includes(Buffer.from('ic10'))).toBe(true);
  });
});

describe('notarize hook', () => {
  const hook = require(join(ROOT, 'build/notarize.cjs')) as { default(context: unknown): Promise<void> };
  const context = (platform: string) => ({
    electronPlatformName: platform,
    appOutDir: '/tmp/none',
    packager: { appInfo: { productFilename: 'District Recon' } },
  });

  it('skips with one log line when the Apple credentials are not in the environment', async () => {
    vi.stubEnv('APPLE_ID', '');
    vi.stubEnv('APPLE_APP_SPECIFIC_PASSWORD', '');
    vi.stubEnv('APPLE_TEAM_ID', 'TEAM123');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await hook.default(context('darwin'));
    expect(log.mock.calls).toEqual([
      [expect.stringMatching(/^notarize: skipped, APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD not set/)],
    ]);
    log.mockRestore();
    vi.unstubAllEnvs();
  });

  it('does nothing for Windows builds', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await hook.default(context('win32'));
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
