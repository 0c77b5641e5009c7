import { describe, expect, it } from 'vitest';
import { ContractError } from '../../shared/contract';
import { fixedClock } from '../../shared/time';
import { closeAfterEach } from '../helpers/closeAfterEach';
import { createTestEngine } from '../helpers/engine';

const closing = closeAfterEach();

describe('direct calls (tests, CLI)', () => {
  it('app.info answers with version, data folder, sandbox mode, host and the engine’s Central date', async () => {
    // 05:30 UTC on March 1st is 23:30 on February 28th in Central time.
    const clock = fixedClock('2026-03-01T05:30:00Z');
    const engine = closing(await createTestEngine({ sandboxByDefault: true, clock }));
    expect(await engine.call('app.info', {})).toEqual({
      version: '9.9.9-test',
      dataFolder: '/tmp/district-recon-test',
      sandbox: true,
      host: 'direct',
      today: '2026-02-28',
    });
  });

  it('settings set through the contract change app.info', async () => {
    const engine = closing(await createTestEngine({ sandboxByDefault: true }));
    await engine.call('settings.set', { patch: { sandboxMode: false } });
    expect((await engine.call('app.info', {})).sandbox).toBe(false);
  });

  it('bad arguments are rejected with an error naming the field', async () => {
    const engine = closing(await createTestEngine());
    const error = await engine.call('settings.set', { patch: { scheduleTime: '25:99' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).code).toBe('BAD_ARGUMENTS');
    expect((error as ContractError).message).toMatch(/settings\.set: patch\.scheduleTime: must be a time like 01:30/);
    await expect(engine.call('app.info', { extra: 1 })).rejects.toThrow(/Bad arguments for app.info/);
  });

  it('an unknown method is rejected', async () => {
    const engine = closing(await createTestEngine());
    await expect(engine.callUnknown('app.destroy', {})).rejects.toMatchObject({ code: 'UNKNOWN_METHOD' });
    await expect(engine.callUnknown('constructor', {})).rejects.toMatchObject({ code: 'UNKNOWN_METHOD' });
  });
});
