import type { DataScope, EngineHandlers, MethodName } from '../../../shared/contract';
import { toIsoUtc } from '../../../shared/time';
import type { EngineContext } from '../context';
import { readSettings } from '../settings';

/** The handlers of one contract domain, typed from the contract: `DomainHandlers<'batches'>` is every `batches.*`. */
export type DomainHandlers<Domain extends string> = Pick<EngineHandlers, Extract<MethodName, `${Domain}.${string}`>>;

const DEFAULT_REVIEWER = 'bookkeeper';

/** Who acts: the name given, else the reviewer name in Settings, else "bookkeeper". */
export async function actingUser(ctx: EngineContext, given?: string): Promise<string> {
  if (given?.trim()) return given.trim();
  return (await readSettings(ctx)).reviewerName.trim() || DEFAULT_REVIEWER;
}

export function nowIso(ctx: EngineContext): string {
  return toIsoUtc(ctx.clock.now());
}

export function dataChanged(ctx: EngineContext, ...scopes: DataScope[]): void {
  ctx.events.emit('data.changed', { scopes });
}
