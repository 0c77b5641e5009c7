/**
 * One entry of the method table (issue 27): everything about a contract method in one place. Its
 * zod arguments, its result type, the role it needs (team mode, enforced by the engine for every
 * host) and the data scopes it changes (the engine tells `data.changed` after it succeeds).
 */
import { z } from 'zod';
import type { Role } from '../contractRoles';
import type { DataScope } from './scopes';

declare const RESULT: unique symbol;

/** A result type carried at compile time only: `returns<BatchDetail>()`. */
export interface Returns<T> {
  readonly [RESULT]?: T;
}

export function returns<T>(): Returns<T> {
  return {};
}

export interface MethodSpec<Args extends z.ZodType = z.ZodType, Result = unknown> {
  args: Args;
  result: Returns<Result>;
  role: Role;
  /** What a successful call changes; empty for a read. */
  changes: readonly DataScope[];
  /**
   * 'engine' (the default): the engine tells `changes` after every successful call. 'handler': the
   * handler tells them itself, only when the call changed something (a preview, an import of lines
   * already held, an acknowledgement of nothing).
   */
  toldBy: 'engine' | 'handler';
  /**
   * The arguments that carry a file's text as read (a bank statement): its parser decides what a NUL
   * in it means, so the contract's NUL rule leaves them to it, and a host takes a body the size of a
   * statement for the method. Empty for every other method.
   */
  fileContent: readonly string[];
}

export function method<Args extends z.ZodType, Result>(spec: {
  args: Args;
  result: Returns<Result>;
  role: Role;
  changes?: readonly DataScope[];
  toldBy?: 'engine' | 'handler';
  fileContent?: readonly string[];
}): MethodSpec<Args, Result> {
  return { ...spec, changes: spec.changes ?? [], toldBy: spec.toldBy ?? 'engine', fileContent: spec.fileContent ?? [] };
}

/** A method that takes no arguments. */
export const none = z.object({}).strict().default({});
