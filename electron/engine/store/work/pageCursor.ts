/**
 * The keyset cursor a paged list gives out: the last row's date and id, opaque to the caller
 * (base64url of JSON), so a page starts after that row however many rows came in since.
 */
import { ContractError } from '../../../../shared/contract';

export interface PageKey {
  date: string;
  id: number;
}

export function encodePageCursor({ date, id }: PageKey): string {
  return Buffer.from(JSON.stringify([date, id])).toString('base64url');
}

/** The key of a cursor this engine gave out; anything else is the caller's BAD_ARGUMENTS. */
export function decodePageCursor(cursor: string): PageKey {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && typeof value[0] === 'string' && Number.isInteger(value[1]))
      return { date: value[0], id: value[1] as number };
  } catch {
    // Falls through to the error below.
  }
  throw new ContractError('BAD_ARGUMENTS', 'The page cursor is not one this list gave out. Reload the list.');
}
