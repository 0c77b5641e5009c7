import { afterEach, describe, expect, it } from 'vitest';
import { bankEngineWith, credit, importLines, type TestEngine } from './bankFixtures';

let engine: TestEngine;
afterEach(async () => engine?.close());

describe("the Overview's Needs you and the bank", () => {
  it('counts unmatched lines and deposits in transit past the window', async () => {
    engine = await bankEngineWith(
      [
        { id: 'PAID', date: '2026-03-02', totalCents: 1_000 },
        { id: 'LOST', date: '2026-03-03', totalCents: 2_000 },
        { id: 'RECENT', date: '2026-03-18', totalCents: 3_000 },
      ],
      '2026-03-20',
    );
    await importLines(engine, [credit('2026-03-02', 777), credit('2026-03-03', 1_000)]);
    const { needsYou } = await engine.call('overview.get', {});
    // LOST is past the five-business-day window; RECENT is not yet.
    expect(needsYou.bankLines).toEqual({ unmatched: 1, suggested: 0, inTransit: 1 });
    const { needsYou: explained } = await (async () => {
      await engine.call('bank.explain', { batchId: 'LOST', kind: 'other', note: 'Deposited by hand' });
      return engine.call('overview.get', {});
    })();
    expect(explained.bankLines?.inTransit).toBe(0);
    expect(explained.count).toBe(needsYou.count - 1);
  });
});
