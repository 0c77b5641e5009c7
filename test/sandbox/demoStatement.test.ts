import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngineWithInternals } from '../../electron/engine/engine';
import { silentLogger } from '../../electron/engine/logger';
import { importSandboxStatementOnce } from '../../electron/sandbox/demoStatement';
import { sandboxProvider } from '../../electron/sandbox/provider';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function host(sandboxByDefault: boolean) {
  const folder = mkdtempSync(join(tmpdir(), 'recon-demo-'));
  const sandbox = sandboxProvider({ seed: 3, now: '2026-03-10T15:00:00Z', scenario: { days: 10, dailyVolume: 30 } });
  const engine = await createEngineWithInternals({
    version: 'test',
    dataFolder: folder,
    databasePath: join(folder, 'db.sqlite'),
    host: 'direct',
    sandbox: sandbox.connect,
    sandboxByDefault,
    logger: silentLogger,
  });
  cleanups.push(
    () => rmSync(folder, { recursive: true, force: true }),
    sandbox.close,
    () => engine.close(),
  );
  return { engine, sandbox };
}

describe('sandbox mode imports the sandbox bank statement once', () => {
  it('imports on the first run in sandbox mode, then never again', async () => {
    const { engine, sandbox } = await host(true);
    const first = await importSandboxStatementOnce(engine, sandbox.statement);
    expect(first?.newLines).toBeGreaterThan(10);
    expect((await engine.call('bank.statements', {}))[0]).toMatchObject({ importedBy: 'Sandbox', format: 'bai2' });
    expect(await importSandboxStatementOnce(engine, sandbox.statement)).toBeNull();
  }, 60_000);

  it('does nothing outside sandbox mode', async () => {
    const { engine, sandbox } = await host(false);
    expect(await importSandboxStatementOnce(engine, sandbox.statement)).toBeNull();
    expect(await engine.call('bank.statements', {})).toEqual([]);
  }, 60_000);
});
