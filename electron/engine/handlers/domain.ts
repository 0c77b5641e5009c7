import type { DataScope, EngineHandlers, MethodName } from '../../../shared/contract';
import { DEFAULT_REVIEWER } from '../../../shared/contract/settingsDefaults';
import { toIsoUtc } from '../../../shared/time';
import type { EngineContext } from '../context';
import { boundActor } from '../team/actor';

/** The handlers of one contract domain, typed from the contract: `DomainHandlers<'batches'>` is every `batches.*`. */
export type DomainHandlers<Domain extends string> = Pick<EngineHandlers, Extract<MethodName, `${Domain}.${string}`>>;

/**
 * Who acts: the signed-in user a host bound to this call (team mode: it wins over any name given),
 * else the name given, else the reviewer name in Settings, else "bookkeeper".
 */
export async function actingUser(ctx: EngineContext, given?: string): Promise<string> {
  const bound = boundActor();
  if (bound) return bound;
  if (given?.trim()) return given.trim();
  return (await ctx.settings()).reviewerName.trim() || DEFAULT_REVIEWER;
}

export function nowIso(ctx: EngineContext): string {
  return toIsoUtc(ctx.clock.now());
}

export function dataChanged(ctx: EngineContext, ...scopes: DataScope[]): void {
  ctx.events.emit('data.changed', { scopes });
}
