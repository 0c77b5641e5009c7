/** Matching runs after each sync too: a bank line that arrived before its deposit was synced is matched by the sync that brings it. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncRunSummary } from '../../../shared/contract';
import { addDays } from '../../../shared/time';
import { startHarness, type Harness } from '../sync/harness';
import { bai2FromLines } from './generate';

async function syncNow(h: Harness): Promise<SyncRunSummary> {
  const finished = new Promise<SyncRunSummary>((resolve) => h.engine.on('sync.finished', resolve));
  await h.engine.call('sync.start', {});
  return finished;
}

describe('bank matching after a sync', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it('matches a line imported before its deposit was synced, and says bank data changed', async () => {
    const batch = h.sandbox
      .truth()
      .batches.filter((b) => b.totalCents > 0)
      .sort((a, b) => b.totalCents - a.totalCents)[0]!;
    const statement = bai2FromLines([
      {
        account: '0012345678',
        postedDate: addDays(batch.date, 1),
        amountCents: batch.totalCents,
        typeCode: '165',
        bankReference: 'REF1',
        text: 'CARD DEPOSIT',
      },
    ]);
    const imported = await h.engine.call('bank.import', { fileName: 'prior-day.bai', content: statement });
    expect(imported).toMatchObject({ newLines: 1, unmatched: 1 });

    const scopes: string[][] = [];
    h.engine.on('data.changed', (e) => scopes.push(e.scopes));
    expect((await syncNow(h)).status).toBe('succeeded');
    const lines = await h.engine.call('bank.lines', {});
    expect(lines.rows).toHaveLength(1);
    expect(lines.rows[0]!.status).toBe('matched');
    expect(lines.rows[0]!.match?.batchIds).toEqual([batch.id]);
    expect(scopes.some((s) => s.includes('bank'))).toBe(true);
  });
});
