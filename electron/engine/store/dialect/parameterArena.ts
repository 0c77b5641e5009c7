/**
 * Memory for a PostgreSQL unit of work's array parameters (columnarRows.ts), reused from one unit to
 * the next instead of allocated for each statement.
 *
 * Why: a page's parameters are ~1 MB of buffers, allocated outside V8's heap, and they live until the
 * server has answered the statement. Held across the young collections of that wait, they were
 * promoted with their buffers, and only a full collection could free them: in a 300,000-transaction
 * full sync on PostgreSQL the main thread ran 51-57 full collections, against 3 on SQLite, whose
 * units never wait (--trace-gc, three runs; 3 with the buffers reused). Each one marks the whole
 * heap on the helper threads too, on the cores the sync shares with the server.
 *
 * A unit takes an arena when it starts and gives it back when it ends, when every statement it sent
 * has been answered: nothing handed out is written again while a statement could still read it. A
 * unit's statements are built synchronously in its generator's steps (work/work.ts), so the arena is
 * current only during those steps; units running at once on other connections each have their own.
 * Outside a unit (a query built and run by hand) parameters get buffers of their own.
 */

/** Arenas kept for the next units; a server running more units at once makes the others anew. */
const KEPT_ARENAS = 4;
/** An arena grown past this (one unit's giant statement) is not kept: it would hold the memory for good. */
const KEPT_BYTES = 16 * 1024 * 1024;
/** The first chunk: a page of transactions' columns fits a few of these; it grows to what units use. */
const FIRST_CHUNK_BYTES = 256 * 1024;

export class ParameterArena {
  private chunks: Buffer[] = [];
  private used = 0;

  /** `size` bytes for one parameter, valid until the unit that holds the arena ends. */
  allocate(size: number): Buffer {
    const chunk = this.chunks.at(-1);
    if (chunk && this.used + size <= chunk.length) {
      const slice = chunk.subarray(this.used, this.used + size);
      this.used += size;
      return slice;
    }
    // The chunks before stay as they are: parameters already handed out point into them.
    const grown = Buffer.allocUnsafe(Math.max(size, 2 * (chunk?.length ?? FIRST_CHUNK_BYTES / 2)));
    this.chunks.push(grown);
    this.used = size;
    return grown.subarray(0, size);
  }

  /** Bytes the arena holds. */
  get bytes(): number {
    return this.chunks.reduce((total, chunk) => total + chunk.length, 0);
  }

  /** For the next unit: only the newest (largest) chunk is kept, from its start. */
  reset(): void {
    this.chunks = this.chunks.slice(-1);
    this.used = 0;
  }
}

const kept: ParameterArena[] = [];
let current: ParameterArena | null = null;

/** Memory for one parameter: from the current unit's arena, or a buffer of its own outside a unit. */
export function parameterBuffer(size: number): Buffer {
  return current ? current.allocate(size) : Buffer.allocUnsafe(size);
}

/** An arena for a unit that is starting. */
export function takeArena(): ParameterArena {
  return kept.pop() ?? new ParameterArena();
}

/** Gives back a unit's arena, once the unit has ended (every statement it sent answered or failed). */
export function giveBackArena(arena: ParameterArena): void {
  arena.reset();
  if (kept.length < KEPT_ARENAS && arena.bytes <= KEPT_BYTES) kept.push(arena);
}

/** Runs one synchronous step of a unit (building its next statement) with `arena` current. */
export function withArena<T>(arena: ParameterArena, step: () => T): T {
  const outer = current;
  current = arena;
  try {
    return step();
  } finally {
    current = outer;
  }
}
