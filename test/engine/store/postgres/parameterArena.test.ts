/**
 * A PostgreSQL unit's array parameters come from an arena the next unit reuses (parameterArena.ts):
 * a full sync's pages no longer allocate ~1 MB of buffers each that outlive the server's answer (the
 * main thread's full collections in a 300,000-transaction sync: 51-57, 5 with the arena). What is
 * handed out within a unit never overlaps, and units running at once never share an arena.
 */
import { type CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { arrayParameter, postgresDialect } from '../../../../electron/engine/store/dialect';
import {
  ParameterArena,
  giveBackArena,
  parameterBuffer,
  takeArena,
  withArena,
} from '../../../../electron/engine/store/dialect/parameterArena';
import { postgresUnits } from '../../../../electron/engine/store/dialect/postgres/unitOfWork';
import type { Database } from '../../../../electron/engine/store/schema';
import { execute, rowsOf, runWrite, type WorkTarget } from '../../../../electron/engine/store/work';
import { describePostgres, usePostgresKysely } from '../../../helpers/postgres';

const TEXT = { name: 'label', type: 'text' } as const;

describe('ParameterArena', () => {
  it('hands out slices that never overlap, across its chunks, each holding what was written', () => {
    const arena = new ParameterArena();
    const slices = [100, 200_000, 300_000, 5, 700_000].map((size, i) => arena.allocate(size).fill(i + 1));
    slices.forEach((slice, i) => expect(slice.every((byte) => byte === i + 1)).toBe(true));
    expect(slices.map((slice) => slice.length)).toEqual([100, 200_000, 300_000, 5, 700_000]);
  });

  it('after a reset, gives the next unit the memory of its largest chunk again', () => {
    const arena = new ParameterArena();
    arena.allocate(200_000);
    const last = arena.allocate(900_000);
    arena.reset();
    const again = arena.allocate(800_000);
    expect(again.buffer).toBe(last.buffer);
    expect(arena.bytes).toBe(last.buffer.byteLength);
  });

  it('is current only within a step: a parameter built outside a unit has a buffer of its own', () => {
    const arena = new ParameterArena();
    const inside = withArena(arena, () => parameterBuffer(10));
    const outside = parameterBuffer(10);
    expect(withArena(arena, () => parameterBuffer(10)).buffer).toBe(inside.buffer);
    expect(outside.buffer).not.toBe(inside.buffer);
  });

  it('is taken again after it is given back, but not when it grew past what is kept', () => {
    const arena = takeArena();
    withArena(arena, () => parameterBuffer(1000));
    giveBackArena(arena);
    expect(takeArena()).toBe(arena);
    arena.allocate(64 * 1024 * 1024);
    giveBackArena(arena);
    expect(takeArena()).not.toBe(arena);
  });
});

describe('units of work running at once', () => {
  it('each have an arena of their own until their statements are answered', async () => {
    // A transaction already open (as inWriteTransaction's), whose answers come when the test says.
    const answers: Array<() => void> = [];
    const open = {
      isTransaction: true,
      executeQuery: () => new Promise((resolve) => answers.push(() => resolve({ rows: [] }))),
    } as unknown as Kysely<Database>;
    const used: ArrayBufferLike[][] = [[], [], []];
    const units = used.map((buffers) =>
      postgresUnits.runWrite(open, function* () {
        for (let statement = 0; statement < 2; statement++) {
          buffers.push(arrayParameter([['a label']], 0, TEXT).buffer);
          yield { sql: 'SELECT 1', parameters: [], query: { kind: 'RawNode' } } as unknown as CompiledQuery;
        }
      }),
    );
    // All three are waiting on their first statement.
    expect(answers).toHaveLength(3);
    expect(new Set(used.map((buffers) => buffers[0])).size).toBe(3);
    for (let i = 0; i < 3; i++) answers[i]!();
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 3; i < 6; i++) answers[i]!();
    await Promise.all(units);
    // Each unit's second statement used its own arena again.
    for (const buffers of used) expect(buffers[1]).toBe(buffers[0]);
  });
});

describePostgres('array parameters in PostgreSQL units of work', () => {
  const database = usePostgresKysely(4);
  let target: WorkTarget;

  beforeAll(async () => {
    const db: Kysely<Database> = database();
    target = { db, dialect: postgresDialect };
    await sql`CREATE TABLE labels (unit BIGINT, label TEXT COLLATE "C")`.execute(db);
  });

  const labelsOf = (unit: number) =>
    Array.from({ length: 2000 }, (_, i) => [`unit ${unit} label ${i} ${'é'.repeat(i % 7)}`]);

  const sorted = (unit: number) =>
    labelsOf(unit)
      .map(([label]) => label!)
      .sort();

  /** A unit writing its labels, built before either statement runs; the memory its parameters used. */
  function writeLabels(unit: number): Promise<ArrayBufferLike[]> {
    return runWrite(target, function* (db) {
      const compiled = (query: RawBuilder<unknown>) => ({ compile: () => query.compile(db) });
      const labels = arrayParameter(labelsOf(unit), 0, TEXT);
      const units = arrayParameter(
        labelsOf(unit).map(() => [unit]),
        0,
        { name: 'unit', type: 'bigint' },
      );
      const later = sql`INSERT INTO labels SELECT * FROM unnest(${units}::bigint[], ${labels}::text[])`;
      // A statement built after the first but run before it: the first's parameters must not move.
      const probe = arrayParameter([['probe']], 0, TEXT);
      yield* rowsOf(compiled(sql`SELECT unnest(${probe}::text[]) AS p`));
      yield* execute(compiled(later));
      return [labels.buffer, probe.buffer];
    });
  }

  /** A unit's labels as stored, sorted (byte order, which JavaScript's sort matches for these). */
  async function storedLabels(unit: number): Promise<string[]> {
    const rows = await sql<{ label: string }>`SELECT label FROM labels WHERE unit = ${unit} ORDER BY label`.execute(
      target.db,
    );
    return rows.rows.map((row) => row.label);
  }

  it("gives a unit's parameters the memory of the unit before, each statement's intact", async () => {
    const first = await writeLabels(1);
    const second = await writeLabels(2);
    expect(second[0]).toBe(first[0]);
    expect(await storedLabels(1)).toEqual(sorted(1));
    expect(await storedLabels(2)).toEqual(sorted(2));
  });

  it('stores what each of units running at once wrote', async () => {
    await Promise.all([3, 4, 5].map(writeLabels));
    for (const unit of [3, 4, 5]) expect(await storedLabels(unit)).toEqual(sorted(unit));
  });
});
