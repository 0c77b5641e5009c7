/**
 * An engine on the small district (fixtures.ts) at a fixed time, its checks computed: the rows
 * written straight into the store stand for a sync, and a sync's last step is the checks.
 */
import { fixedClock } from '../../../shared/time';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { ensureChecksFresh } from '../../../electron/engine/reconcile';
import { createTestEngine } from '../../helpers/engine';
import { seedDistrict } from './fixtures';

export const DISTRICT_NOW = '2026-03-04T15:00:00Z';
const CHECKED_AT = '2026-03-04T14:00:00.000Z';

export async function districtEngine(): Promise<{ engine: Engine; clock: ReturnType<typeof fixedClock> }> {
  const clock = fixedClock(DISTRICT_NOW);
  const engine = await createTestEngine({ clock });
  await seedDistrict(engine.internals.store.writer.db);
  await ensureChecksFresh(engine.internals.store.writer, CHECKED_AT);
  return { engine, clock };
}
