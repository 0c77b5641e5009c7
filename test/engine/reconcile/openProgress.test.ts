import { describe, expect, it } from 'vitest';
import { createTestDb } from '../../helpers/db';
import { createTestEngine } from '../../helpers/engine';
import { addBatch, seedDistrict } from './fixtures';

describe('opening a store that lacks checks reports its progress', () => {
  it('tells the host how many deposits are checked of how many, ending at the total', async () => {
    const store = await createTestDb();
    await seedDistrict(store.db);
    // More than one slice of 50, so the host sees it move.
    for (let i = 0; i < 120; i++) {
      await addBatch(store.db, {
        id: `8${String(i).padStart(5, '0')}`,
        payeeId: 1,
        date: '2026-03-04',
        transactions: [{ id: 5000 + i, amountCents: 100 + i }],
      });
    }
    const seen: Array<[number, number]> = [];
    const engine = await createTestEngine({ store, onOpenProgress: (done, total) => seen.push([done, total]) });
    try {
      expect(seen.length).toBeGreaterThan(1);
      expect(seen.every(([, total]) => total === 124)).toBe(true);
      expect(seen.map(([done]) => done)).toEqual([...seen.map(([done]) => done)].sort((a, b) => a - b));
      expect(seen.at(-1)).toEqual([124, 124]);
      const { routine } = await engine.call('overview.get', {});
      expect(routine.deposits.count).toBe(124);
    } finally {
      await engine.close();
    }
  });

  it('says nothing when every check is fresh', async () => {
    const seen: number[] = [];
    const engine = await createTestEngine({ onOpenProgress: (done) => seen.push(done) });
    await engine.close();
    expect(seen).toEqual([]);
  });
});
