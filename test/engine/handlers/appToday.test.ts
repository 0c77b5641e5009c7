/**
 * app.info's today: the engine's own Central business date, by its clock, which the Month and
 * District views open on (the month before it), not the date of the computer showing the page.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../shared/time';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { createTestEngine } from '../../helpers/engine';

describe("app.info's today", () => {
  const closing = closeAfterEach();

  it.each([
    // 23:00 Central on February 28th: still February in Texas, March in UTC.
    ['2026-03-01T05:00:00Z', '2026-02-28'],
    ['2026-03-12T15:00:00Z', '2026-03-12'],
  ])('at %s is %s', async (now, today) => {
    const engine = closing(await createTestEngine({ clock: fixedClock(now) }));
    expect((await engine.call('app.info', {})).today).toBe(today);
  });
});
