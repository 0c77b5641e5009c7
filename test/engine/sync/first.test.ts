import { describe, expect, it } from 'vitest';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { startHarness, storedTransactions, truthTransactions } from './harness';

describe('sync against the sandbox', () => {
  const closing = closeAfterEach();

  it('a full sync equals the sandbox truth', async () => {
    const h = closing(await startHarness());
    const run = await h.sync('2026-02-20');
    expect(run.error).toBeNull();
    expect(run.status).toBe('succeeded');
    const stored = await storedTransactions(h.engine);
    const truth = truthTransactions(h.sandbox, '2026-02-20');
    expect(stored.length).toBe(truth.length);
    expect(stored).toEqual(truth);
  });
});
