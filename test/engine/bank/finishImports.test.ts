/**
 * Issue 26 item 12: a bank import killed after storing its lines, before matching them, left them
 * unmatched until the next sync. The next start finds the import unfinished and matches it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../shared/time';
import { parseBai2 } from '../../../electron/engine/bank';
import { storeStatement } from '../../../electron/engine/store/bank';
import { createTestEngine } from '../../helpers/engine';
import { allLines, credit, seedBatches, type TestEngine } from './bankFixtures';
import { bai2FromLines } from './generate';

let engine: TestEngine | undefined;
let folder: string | undefined;
afterEach(async () => {
  await engine?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const open = (databasePath: string) => createTestEngine({ databasePath, clock: fixedClock('2026-03-20T18:00:00Z') });

describe('an import killed between storing and matching', () => {
  it('is matched when the engine next starts', async () => {
    folder = mkdtempSync(join(tmpdir(), 'bank-unfinished-'));
    const path = join(folder, 'store.sqlite');
    engine = await open(path);
    const db = engine.internals.store.writer.db;
    await seedBatches(db, [{ id: 'B1', date: '2026-03-02', totalCents: 12_345 }]);
    // What bank.import's first unit of work leaves when the process dies before the second.
    const parsed = parseBai2(bai2FromLines([credit('2026-03-03', 12_345)]));
    const stored = await storeStatement(engine.internals.store.writer, {
      fileName: 'killed.bai',
      sha256: 'f'.repeat(64),
      format: 'bai2',
      importedAt: '2026-03-20T17:00:00.000Z',
      importedBy: 'Dana Ortiz',
      lines: parsed.lines,
      accountsSoFar: () => parsed.accounts,
      summary: () => parsed,
    });
    expect(stored.newLines).toBe(1);
    expect((await allLines(engine)).map((l) => l.status)).toEqual(['unmatched']);
    await engine.close();

    engine = await open(path);
    expect((await allLines(engine)).map((l) => [l.status, l.match?.batchIds])).toEqual([['matched', ['B1']]]);
    const [statement] = await engine.call('bank.statements', {});
    expect(statement?.matchedAt).toBe('2026-03-20T18:00:00.000Z');
  });

  it('a finished import is recorded as matched, so a start has nothing to do', async () => {
    engine = await createTestEngine({ clock: fixedClock('2026-03-20T18:00:00Z') });
    await engine.call('bank.import', { fileName: 'a.bai', content: bai2FromLines([credit('2026-03-03', 500)]) });
    const [statement] = await engine.call('bank.statements', {});
    expect(statement?.matchedAt).toBe('2026-03-20T18:00:00.000Z');
  });
});
