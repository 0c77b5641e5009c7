import { randomBytes } from 'node:crypto';

/**
 * A client reference: the intent's id, and for a collection also in `data`, where a search after a
 * lost answer finds it. ASCII, short enough for the free-text field, and unguessable so no other
 * transaction's text can carry it by chance.
 */
export function newReference(): string {
  return `DR-${randomBytes(9).toString('base64url')}`;
}
