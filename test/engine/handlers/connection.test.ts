import { describe, expect, it } from 'vitest';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { listBackups } from '../../../electron/engine/store/workers';
import { ENGINE_DIALECT } from '../../helpers/postgres';
import { startHarness } from '../sync/harness';
import { join } from 'node:path';

describe('connection and Chart of Accounts handlers', () => {
  const closing = closeAfterEach();

  it('connection.set refuses plain http to another machine; test reports in words; accounts add and remove', async () => {
    const h = closing(await startHarness());
    await expect(
      h.engine.call('connection.set', { url: 'http://pay.example.com', token: 'tok-1234', secret: 'sec-5678' }),
    ).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
      message: expect.stringContaining('plain http'),
    });
    const settings = await h.engine.call('connection.set', {
      url: h.sandbox.url,
      token: h.sandbox.token,
      secret: h.sandbox.secret,
    });
    expect(settings).toMatchObject({ serviceUrl: h.sandbox.url, connectionConfigured: true, sandboxMode: false });
    const test = await h.engine.call('connection.test', {});
    expect(test.ok).toBe(true);
    expect(test.message).toMatch(/^Connected\. The payment service lists \d+ payees\.$/);
    expect(test.payeeCount).toBe(h.sandbox.truth().payees.length);

    const unreachable = await h.engine.call('connection.test', { url: 'http://127.0.0.1:9' });
    expect(unreachable).toMatchObject({
      ok: false,
      payeeCount: null,
      message: expect.stringContaining('Could not reach the payment service'),
    });

    const added = await h.engine.call('glAccounts.add', { number: '4999', label: 'Robotics club' });
    expect(added.find((a) => a.number === '4999')).toMatchObject({ label: 'Robotics club', removed: false });
    const removed = await h.engine.call('glAccounts.remove', { number: '4999', label: 'Robotics club' });
    expect(removed.find((a) => a.number === '4999')).toMatchObject({ removed: true });
    await expect(h.engine.call('glAccounts.remove', { number: '4999', label: 'Robotics club' })).rejects.toMatchObject({
      code: 'SERVICE_ERROR',
    });

    await h.engine.call('connection.clear');
    expect((await h.engine.call('settings.get')).connectionConfigured).toBe(false);
    await expect(h.engine.call('sync.start', {})).rejects.toMatchObject({ code: 'NOT_CONFIGURED' });
  });

  it('a successful sync leaves an automatic backup of a SQLite file (none of PostgreSQL: pg_dump does that); payees are listed', async () => {
    const h = closing(await startHarness());
    await h.sync('2026-03-05');
    expect(listBackups(join(h.folder, 'backups'))).toHaveLength(ENGINE_DIALECT === 'sqlite' ? 1 : 0);
    const payees = await h.engine.call('payees.list');
    expect(payees.map((p) => p.id).sort()).toEqual(
      h.sandbox
        .truth()
        .payees.map((p) => p.id)
        .sort(),
    );
  });
});

describe('sandbox mode', () => {
  it('syncs from the host-supplied sandbox, whatever URL and credentials are stored', async () => {
    const { startSandbox } = await import('../../../electron/sandbox');
    const { createEngine } = await import('../../../electron/engine/engine');
    const { silentLogger } = await import('../../../electron/engine/logger');
    const sandbox = await startSandbox({
      seed: 5,
      now: '2026-03-10T15:00:00Z',
      scenario: { days: 3, dailyVolume: 20, payees: 1, glAccounts: 3 },
    });
    const engine = await createEngine({
      version: 'test',
      dataFolder: '/nonexistent',
      databasePath: ':memory:',
      host: 'direct',
      clock: { now: () => sandbox.now() },
      logger: silentLogger,
      sandbox: async () => ({ url: sandbox.url, token: sandbox.token, secret: sandbox.secret }),
      sandboxByDefault: true,
    });
    try {
      const test = await engine.call('connection.test', {});
      expect(test.ok).toBe(true);
      const finished = new Promise<{ status: string }>((resolve) => engine.on('sync.finished', resolve));
      await engine.call('sync.start', {});
      expect((await finished).status).toBe('succeeded');
      expect((await engine.call('transactions.count', {})).count).toBe(sandbox.truth().transactions.length);
    } finally {
      await engine.close();
      await sandbox.close();
    }
  });
});
