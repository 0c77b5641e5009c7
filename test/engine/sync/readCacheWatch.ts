import type { EngineContext } from '../../../electron/engine/context';

/** The keys the read cache computes from now on (a caller that finds a key built adds nothing). */
export function computedKeys(ctx: EngineContext): string[] {
  const computed: string[] = [];
  const read = ctx.readCache.read.bind(ctx.readCache);
  ctx.readCache.read = (key, compute) =>
    read(key, () => {
      computed.push(key);
      return compute();
    });
  return computed;
}
