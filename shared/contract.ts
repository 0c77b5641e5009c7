/**
 * The one contract between the renderer and the engine. Each method is `domain.verb`, takes one
 * args object validated by its zod schema on the engine side of every transport, and resolves to
 * its result type. Events flow the other way. Transports (Electron IPC, the browser host, direct
 * calls in tests) are generic over this table: a method added here is a method everywhere.
 * The method table is shared/contract/table.ts (one file per domain under contract/methods/); this
 * file derives the call's types from it, validates calls and declares the events.
 */
import { z } from 'zod';
import { isMethodName, type EventName, type MethodName } from './contractNames';
import type { SyncProgress, SyncRunSummary } from './contract/results';
import { METHOD_FILE_CONTENT, methodSchemas, type MethodResults } from './contract/table';
import type { DataScope } from './contract/scopes';
import { ContractError } from './contract/errors';
import { nulPath } from './contract/args';

export * from './contract/args';
export * from './contract/results';
export * from './contract/bank';
export * from './contract/act';
export * from './contract/month';
export * from './contract/slips';
export * from './contract/accountMaps';
export * from './contract/packet';
export * from './contract/bulkSignOff';
export * from './contract/errors';
export * from './contract/settingsDefaults';
export * from './contract/scopes';
export * from './contract/table';
export { method, returns, none, type MethodSpec, type Returns } from './contract/method';

export { METHOD_NAMES, EVENT_NAMES, isMethodName, isEventName, type MethodName, type EventName } from './contractNames';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export type MethodArgs<M extends MethodName> = z.input<(typeof methodSchemas)[M]>;
export type ParsedArgs<M extends MethodName> = z.output<(typeof methodSchemas)[M]>;

export type MethodResult<M extends MethodName> = MethodResults[M];

/** What the engine implements: a handler per method, receiving already-validated args. */
export type EngineHandlers = {
  [M in MethodName]: (args: ParsedArgs<M>) => Promise<MethodResult<M>>;
};

// ---------- events ----------

export interface EngineEvents {
  'sync.progress': SyncProgress;
  'sync.finished': SyncRunSummary;
  'data.changed': { scopes: DataScope[] };
  'export.progress': { rows: number; totalRows: number; file: string };
}

/** Compile-time: the event payload table and the name list hold exactly the same events. */
const eventsMatchNames: Same<keyof EngineEvents, EventName> = true;
void eventsMatchNames;

/** Validates a call's method and args; the error names the method and the offending field. */
export function parseCall<M extends MethodName>(method: unknown, args: unknown): { method: M; args: ParsedArgs<M> } {
  if (!isMethodName(method)) {
    throw new ContractError('UNKNOWN_METHOD', `Unknown method ${JSON.stringify(method)}`);
  }
  // One place for every text argument of every method, before its schema: NUL (issue 26).
  // A statement's text is its parser's to read (padding, a UTF-16 file sent as text): MethodSpec.fileContent.
  const withNul = nulPath(args, METHOD_FILE_CONTENT[method]);
  if (withNul) {
    throw new ContractError(
      'BAD_ARGUMENTS',
      `Bad arguments for ${method}: ${withNul}: contains a NUL character (U+0000), which no text here may hold; remove it`,
    );
  }
  const schema = methodSchemas[method] as z.ZodType;
  const result = schema.safeParse(args === undefined ? {} : args);
  if (!result.success) {
    const detail = result.error.issues
      .map((issue) => `${issue.path.length ? issue.path.join('.') : 'args'}: ${issue.message}`)
      .join('; ');
    throw new ContractError('BAD_ARGUMENTS', `Bad arguments for ${method}: ${detail}`);
  }
  return { method: method as M, args: result.data as ParsedArgs<M> };
}

/** The client side of any transport. */
export interface EngineClient {
  call<M extends MethodName>(method: M, args?: MethodArgs<M>): Promise<MethodResult<M>>;
  on<E extends EventName>(event: E, listener: (payload: EngineEvents[E]) => void): () => void;
}
