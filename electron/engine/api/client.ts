/**
 * The payment service client: one method per endpoint the app uses, each validated into our types.
 * The REST API is behind this one module, so a GraphQL client could sit beside it (DESIGN.md §9).
 */
import type { Batch, GlAccount, GlBatch, Payee } from '../../../shared/domain';
import { z } from 'zod';
import { HttpTransport, type HttpOptions, type Query } from './http';
import { NetworkError, ResponseFormatError, ServiceError } from './errors';
import { idsByDigest, readKnownPage, type IdsByDigest, type ListedObject } from './knownListings';
import {
  walkKeyset,
  walkPages,
  type FetchedPage,
  type KeysetPage,
  type KeysetPosition,
  type PageEndsSeen,
} from './paging';
import {
  batchSchema,
  glAccountSchema,
  glBatchSchema,
  pagedListSchema,
  payeeSchema,
  rawDigest,
  toBatch,
  toGlAccount,
  toGlBatch,
  toPayee,
  readTransaction,
  toTransaction,
  transactionSchema,
  transactionSchemaWithinBound,
  MAX_TEXT_LENGTH,
  validate,
  type Parsed,
  type ParsedTransaction,
} from './wire';

export type ServiceClientOptions = HttpOptions;

export interface TransactionQuery {
  /** Service date-times (`%Y-%m-%d %H:%M:%S`, Central); both exclusive, as the service reads them. */
  after?: string;
  before?: string;
  batch?: string;
  since?: number;
}

const txnPage = pagedListSchema(transactionSchema);
const txnPageWithinBound = pagedListSchema(transactionSchemaWithinBound);
/** A page's envelope alone: its objects are validated one by one (see listings). */
const txnPageEnvelope = pagedListSchema(z.unknown());

/** What the store holds of a day's transactions: each one's digest (wire.ts rawDigest), by id. */
export type KnownDigests = ReadonlyMap<number, string>;

export interface TransactionPage extends KeysetPage<ParsedTransaction> {
  /**
   * Listed transactions left out of `objects`: their JSON is byte for byte what the store holds
   * (KnownDigests), so there is nothing to validate or write. Counted against the day's bounds.
   */
  unchanged: { rows: number; bytes: number };
}

/** A listed transaction known unchanged: its id (for the keyset) and size (for the bounds). */
interface UnchangedListing {
  id: number;
  bytes: number;
}
type Listing = ParsedTransaction | UnchangedListing;
const isUnchanged = (listing: Listing): listing is UnchangedListing => !('value' in listing);
const batchPage = pagedListSchema(batchSchema);
const glBatchPage = pagedListSchema(glBatchSchema);
const glBatchPageEnvelope = pagedListSchema(z.unknown());

export class ServiceClient {
  readonly http: HttpTransport;

  /** Kept so the sync can give the same connection to its fetch worker. */
  constructor(readonly options: ServiceClientOptions) {
    this.http = new HttpTransport(options);
  }

  async payees(): Promise<Array<Parsed<Payee>>> {
    const body = await this.http.get('/payees');
    const list = validate(z.array(payeeSchema), body, 'GET /payees');
    return list.map((wire, i) => ({ value: toPayee(wire), raw: JSON.stringify((body as unknown[])[i]) }));
  }

  async glAccounts(): Promise<Array<Parsed<GlAccount>>> {
    const body = await this.http.get('/gl-accounts');
    const list = validate(z.array(glAccountSchema), body, 'GET /gl-accounts');
    return list.map((wire, i) => ({ value: toGlAccount(wire), raw: JSON.stringify((body as unknown[])[i]) }));
  }

  /** Creates (idempotent on the service) or removes an account; after a lost answer, checks the list. */
  async changeGlAccount(action: 'add' | 'remove', account: { number: string; label: string }): Promise<void> {
    const body =
      action === 'add'
        ? { label: account.label, number: account.number }
        : { label: account.label, number: account.number, remove: 'yes' };
    try {
      await this.http.post('/gl-accounts', body);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      // The outcome is unknown: look before deciding (never repeat a POST blindly).
      const present = (await this.glAccounts()).some(
        (a) => a.value.number === account.number && a.value.label === account.label,
      );
      if (present !== (action === 'add')) throw error;
    }
  }

  async transactionsPage(query: TransactionQuery, offset: number, limit: number): Promise<ParsedTransaction[]> {
    return (await this.listings(query, offset, limit)) as ParsedTransaction[];
  }

  /**
   * A page of /txns. With `known`, an object whose JSON hashes to the digest stored for its id is
   * not validated or converted again (most of a nightly re-read of the refresh window): the bytes are
   * the ones validated when it was stored.
   */
  private async listings(
    query: TransactionQuery,
    offset: number,
    limit: number,
    known?: IdsByDigest,
    onEnds?: PageEndsSeen,
  ): Promise<Listing[]> {
    const params = { ...toQuery(query), extensions: 'items', offset, limit };
    if (!known?.size) {
      const body = await this.http.get('/txns', params);
      const objects = (body as { objects?: unknown } | null)?.objects;
      if (onEnds && Array.isArray(objects) && tellEnds(objects.length, (i) => idOfObject(objects[i]), onEnds))
        await this.http.untilSent();
      const raws = Array.isArray(objects) ? objects.map((object) => JSON.stringify(object) as string | undefined) : [];
      // An object whose whole JSON is within the text bound has no text beyond it to look for.
      const withinBound = raws.every((raw) => raw !== undefined && raw.length <= MAX_TEXT_LENGTH);
      return validate(withinBound ? txnPageWithinBound : txnPage, body, 'GET /txns').objects.map((wire, i) =>
        toTransaction(wire, (objects as unknown[])[i], { endpoint: 'GET /txns', at: ['objects', i] }, raws[i]),
      );
    }
    const page = await this.http.getRead('/txns', params, (text, endpoint, type) =>
      readKnownPage(text, endpoint, type, known),
    );
    validate(txnPageEnvelope, page?.envelope ?? null, 'GET /txns');
    const listed = page!.listed!;
    if (onEnds && tellEnds(listed.length, (i) => listedId(listed[i]!), onEnds)) await this.http.untilSent();
    return listed.map((one, i) => {
      if ('knownId' in one) return { id: one.knownId, bytes: one.bytes };
      const { object, raw } = one;
      const schema = raw.length <= MAX_TEXT_LENGTH ? transactionSchemaWithinBound : transactionSchema;
      // Known by its JSON as we write it (a service that spaces its JSON otherwise).
      const id = idOfObject(object);
      if (typeof id === 'number' && known.get(rawDigest(raw)) === id) return { id, bytes: raw.length };
      const at = ['objects', i];
      return toTransaction(validate(schema, object, 'GET /txns', at), object, { endpoint: 'GET /txns', at }, raw);
    });
  }

  /**
   * Keyset pages (`since`) of a window or a batch, ascending by id; see walkKeyset. `known`: the
   * digests the store holds for the window's transactions (see listings).
   */
  async *transactionPages(
    query: Omit<TransactionQuery, 'since'>,
    start: KeysetPosition | null = null,
    known?: KnownDigests,
  ): AsyncGenerator<TransactionPage> {
    const byDigest = known && idsByDigest(known);
    const pages = walkKeyset(
      (since, limit, onEnds) => this.listings({ ...query, since }, 0, limit, byDigest, onEnds),
      (listing) => (isUnchanged(listing) ? listing.id : listing.value.id),
      { start },
    );
    for await (const { objects: listed, position, last } of pages) {
      const objects: ParsedTransaction[] = [];
      const unchanged = { rows: 0, bytes: 0 };
      for (const listing of listed) {
        if (!isUnchanged(listing)) objects.push(listing);
        else {
          unchanged.rows++;
          unchanged.bytes += listing.bytes;
        }
      }
      yield { objects, position, last, unchanged };
    }
  }

  async transaction(id: number): Promise<ParsedTransaction> {
    const body = await this.http.get(`/txns/${id}`, { extensions: 'payer,gl' });
    return readTransaction(body, { endpoint: `GET /txns/${id}` });
  }

  async batchesPage(after: string | undefined, offset: number, limit: number): Promise<Array<Parsed<Batch>>> {
    const body = await this.http.get('/batches', { after, offset, limit });
    const objects = (body as { objects?: unknown[] } | null)?.objects ?? [];
    const batches = validate(batchPage, body, 'GET /batches').objects.map((wire, i) => ({
      value: toBatch(wire),
      raw: JSON.stringify(objects[i]),
    }));
    // A batch is stored by its id: a second one with the same id would silently replace the first.
    const seen = new Set<string>();
    batches.forEach((batch, i) => {
      if (seen.has(batch.value.id))
        throw new ResponseFormatError(
          'GET /batches',
          `objects.${i}.id`,
          batch.value.id,
          'the same batch id twice in one page',
        );
      seen.add(batch.value.id);
    });
    return batches;
  }

  batchPages(after: string | undefined, startOffset = 0): AsyncGenerator<FetchedPage<Parsed<Batch>>> {
    return walkPages((offset, limit) => this.batchesPage(after, offset, limit), { startOffset });
  }

  /** start_date is exclusive ("after"), end_date inclusive ("before or on"), as the spec words them. */
  async glBatchesPage(
    range: { startDate: string; endDate: string },
    offset: number,
    limit: number,
  ): Promise<Array<Parsed<GlBatch>>> {
    const body = await this.http.get('/gl-batches', {
      start_date: range.startDate,
      end_date: range.endDate,
      offset,
      limit,
    });
    const objects = (body as { objects?: unknown[] } | null)?.objects ?? [];
    return validate(glBatchPage, body, 'GET /gl-batches').objects.map((wire, i) => ({
      value: toGlBatch(wire),
      raw: JSON.stringify(objects[i]),
    }));
  }

  /** The GL-batch quirk: offsets are page x page size; only a page shorter than the limit ends the walk. */
  /**
   * A page of /gl-batches with its envelope checked and its objects not yet (glRowsOf checks them):
   * a day whose lines are all as stored need not be (dayWalks.ts).
   */
  async glBatchesPageUnchecked(
    range: { startDate: string; endDate: string },
    offset: number,
    limit: number,
  ): Promise<unknown[]> {
    const body = await this.http.get('/gl-batches', {
      start_date: range.startDate,
      end_date: range.endDate,
      offset,
      limit,
    });
    return validate(glBatchPageEnvelope, body, 'GET /gl-batches').objects;
  }

  glBatchPagesUnchecked(range: { startDate: string; endDate: string }): AsyncGenerator<FetchedPage<unknown>> {
    return walkPages((offset, limit) => this.glBatchesPageUnchecked(range, offset, limit));
  }

  /** A page's objects as glBatchesPage gives them (`raws`: each one's JSON), refused as it refuses them. */
  glRowsOf(objects: readonly unknown[], raws: readonly string[]): Array<Parsed<GlBatch>> {
    return objects.map((object, i) => ({
      value: toGlBatch(validate(glBatchSchema, object, 'GET /gl-batches', ['objects', i])),
      raw: raws[i]!,
    }));
  }

  glBatchPages(
    range: { startDate: string; endDate: string },
    pageSize?: number,
  ): AsyncGenerator<FetchedPage<Parsed<GlBatch>>> {
    return walkPages((offset, limit) => this.glBatchesPage(range, offset, limit), { pageSize });
  }

  /**
   * Refund or void, following the spec's client pattern: the POST is sent once; if its answer is
   * lost, GET /txns/:id shows whether it happened, and it is reissued (once) only if it did not.
   */
  async reverse(operation: 'refund' | 'void', transactionId: number, amount?: string): Promise<ParsedTransaction> {
    const before = await this.transaction(transactionId);
    // The spec lists `items` as required on a reversal (an item-level refund); `[]` reverses by amount.
    const body = {
      operation,
      transaction_id: transactionId,
      items: [],
      ...(amount !== undefined && operation === 'refund' ? { amount } : {}),
    };
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await this.http.post('/txns', body);
        return readTransaction(answer, { endpoint: 'POST /txns' });
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        const now = await this.transaction(transactionId);
        const happened =
          operation === 'refund'
            ? now.value.amountRefundedCents > before.value.amountRefundedCents
            : now.value.status === 'Voided' && before.value.status !== 'Voided';
        if (happened) return now;
        if (attempt >= 2) throw error;
      }
    }
  }
}

/**
 * Tells a keyset walk a page's last two ids as they read, before the page is checked (walkKeyset
 * asks for the next page on them); true when told. Ids that are not plain positive integers tell
 * nothing: the page's check will refuse them.
 */
function tellEnds(objectCount: number, idAt: (index: number) => unknown, onEnds: PageEndsSeen): boolean {
  if (objectCount < 2) return false;
  const lastId = idAt(objectCount - 1);
  const previousId = idAt(objectCount - 2);
  if (!isPlainId(lastId) || !isPlainId(previousId)) return false;
  onEnds({ lastId, previousId }, objectCount);
  return true;
}

const idOfObject = (object: unknown): unknown => (object as { id?: unknown } | null)?.id;
const listedId = (one: ListedObject): unknown => ('knownId' in one ? one.knownId : idOfObject(one.object));
const isPlainId = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) > 0;

function toQuery(query: TransactionQuery): Query {
  return { after: query.after, before: query.before, batch: query.batch, since: query.since };
}

export { ServiceError, NetworkError };
