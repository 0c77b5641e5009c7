import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, storedTransactions, truthTransactions, type Harness } from './harness';

describe('sync against the sandbox', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('a full sync equals the sandbox truth', async () => {
    h = await startHarness();
    const run = await h.sync('2026-02-20');
    expect(run.error).toBeNull();
    expect(run.status).toBe('succeeded');
    const stored = storedTransactions(h.engine);
    const truth = truthTransactions(h.sandbox, '2026-02-20');
    expect(stored.length).toBe(truth.length);
    expect(stored).toEqual(truth);
  });
});
