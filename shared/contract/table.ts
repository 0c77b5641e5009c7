/**
 * The method table: every contract method's arguments, result, role and changed scopes, merged from
 * one file per domain (methods/<domain>.ts; bank.ts and act.ts for the bank and acting on payments).
 * Everything else about methods is derived from it: the argument schemas, the result map, the roles.
 */
import type { z } from 'zod';
import type { MethodName } from '../contractNames';
import { ROLE_WORDS, roleAllows, type Role, type RoleHolder } from '../contractRoles';
import { accountMapMethods } from './accountMaps';
import { actMethods } from './act';
import { bankMethods } from './bank';
import { bulkSignOffMethods } from './bulkSignOff';
import { monthMethods } from './month';
import { packetMethods } from './packet';
import { slipMethods } from './slips';
import type { MethodSpec } from './method';
import { appMethods } from './methods/app';
import { batchesMethods } from './methods/batches';
import { changesMethods } from './methods/changes';
import { connectionMethods } from './methods/connection';
import { exportMethods } from './methods/export';
import { glAccountsMethods } from './methods/glAccounts';
import { glBatchesMethods } from './methods/glBatches';
import { overviewMethods } from './methods/overview';
import { payeesMethods } from './methods/payees';
import { reconcileMethods } from './methods/reconcile';
import { settingsMethods } from './methods/settings';
import { syncMethods } from './methods/sync';
import { transactionsMethods } from './methods/transactions';

export const METHODS = {
  ...appMethods,
  ...settingsMethods,
  ...connectionMethods,
  ...syncMethods,
  ...overviewMethods,
  ...payeesMethods,
  ...glAccountsMethods,
  ...transactionsMethods,
  ...batchesMethods,
  ...bulkSignOffMethods,
  ...glBatchesMethods,
  ...changesMethods,
  ...reconcileMethods,
  ...exportMethods,
  ...bankMethods,
  ...actMethods,
  ...monthMethods,
  ...packetMethods,
  ...slipMethods,
  ...accountMapMethods,
} as const;

type Methods = typeof METHODS;

/** Compile-time: the table and the name list (contractNames.ts, for the preload) hold the same methods. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const tableMatchesNames: Same<keyof Methods, MethodName> = true;
void tableMatchesNames;

function eachMethod<T>(pick: (spec: MethodSpec) => T): Record<MethodName, T> {
  const entries = Object.entries(METHODS) as Array<[MethodName, MethodSpec]>;
  return Object.fromEntries(entries.map(([name, spec]) => [name, pick(spec)])) as Record<MethodName, T>;
}

/** Each method's zod arguments. */
export const methodSchemas = eachMethod((spec) => spec.args) as { [M in MethodName]: Methods[M]['args'] };

type ResultsOfTable = {
  [M in MethodName]: Methods[M] extends MethodSpec<z.ZodType, infer Result> ? Result : never;
};

/** Each method's result. An interface, so that generic code indexing it (the renderer's paged lists) resolves. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface of the mapped type, on purpose
export interface MethodResults extends ResultsOfTable {}

/** Team mode (DESIGN.md §11): the role each method needs; shared/contractRoles.ts orders the roles. */
export const METHOD_ROLES: Readonly<Record<MethodName, Role>> = eachMethod((spec) => spec.role);

/** What each method changes, and whether the engine tells it after success or the handler when it did. */
export const METHOD_CHANGES = eachMethod((spec) => ({ scopes: spec.changes, toldBy: spec.toldBy }));

/** The arguments of each method that carry a file's text as read (MethodSpec.fileContent). */
export const METHOD_FILE_CONTENT = eachMethod((spec): ReadonlySet<string> => new Set(spec.fileContent));

/**
 * Why `caller` may not call `method`, in words, or null when they may. The engine refuses with it
 * (FORBIDDEN) and the web host asks it before reading a body: every host gives the same answer.
 */
export function roleRefusal(caller: RoleHolder, method: MethodName): string | null {
  const needed = METHOD_ROLES[method];
  if (roleAllows(caller.role, needed)) return null;
  return `${method} needs ${ROLE_WORDS[needed]} or above; ${caller.name} is signed in as ${ROLE_WORDS[caller.role]}. Ask an admin if you should have that role.`;
}
