/**
 * A transaction's schema checks its shape only; its money and ids are read after (wire.ts
 * toTransaction). Zod runs every transform as a pipe with a payload and an issue context of its own:
 * with its 11 transforms a transaction took ~4x as long to validate (issue 31: the fetch worker's
 * largest cost after parsing). The refusals the transforms gave are pinned in intakeRule.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { transactionSchema, transactionSchemaWithinBound } from '../../../electron/engine/api/wire';

/** The kinds of every schema inside `schema` (itself included), found through its definition. */
function kindsWithin(schema: z.ZodType): string[] {
  const kinds: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const def = (value as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (def) {
      kinds.push(String(def.type));
      for (const part of Object.values(def)) visit(part);
      return;
    }
    for (const part of Object.values(value as Record<string, unknown>)) visit(part);
  };
  visit(schema);
  return kinds;
}

describe("a transaction's schema (issue 31)", () => {
  it.each([
    ['transactionSchema', transactionSchema],
    ['transactionSchemaWithinBound', transactionSchemaWithinBound],
  ])('%s checks a shape: no pipe or transform anywhere in it', (_name, schema) => {
    const kinds = kindsWithin(schema);
    expect(kinds).toContain('object');
    expect(kinds).toContain('union');
    expect(kinds.filter((kind) => kind === 'pipe' || kind === 'transform')).toEqual([]);
  });
});
