/**
 * The sandbox's contract, one row per spec rule (rows and runner in ./rows.ts and ./setup.ts).
 * Authentication, the rules every request meets, and paging.
 */
import { describe, expect, it } from 'vitest';
import { sandboxClient } from '../../helpers/sandbox';
import { reads, refusedRead } from './rows';
import { contractRules, sandbox, useContractSandbox } from './setup';

useContractSandbox();

contractRules('authentication and global rules', [
  {
    rule: 'no Authentication header -> 401 with an error body',
    path: '/payees',
    auth: false,
    status: 401,
    error: 'NOT_AUTHORIZED',
  },
  {
    rule: 'a wrong secret -> 401',
    path: '/payees',
    auth: false,
    headers: { Authentication: `Basic ${Buffer.from('sandbox-token:nope').toString('base64')}` },
    status: 401,
    error: 'NOT_AUTHORIZED',
  },
  {
    rule: 'the Authorization header is not the Authentication header -> 401',
    path: '/payees',
    auth: false,
    headers: { Authorization: `Basic ${Buffer.from('sandbox-token:sandbox-secret').toString('base64')}` },
    status: 401,
    error: 'NOT_AUTHORIZED',
  },
  reads('Authentication: Basic base64(token:secret) is accepted', '/payees'),
  refusedRead('an unknown path -> 404', '/nothing-here', 'NOT_FOUND', 404),
  refusedRead('a non-numeric transaction id is an unknown path -> 404', '/txns/abc', 'NOT_FOUND', 404),
  { rule: 'an unexpected method -> 405', method: 'DELETE', path: '/txns', status: 405, error: 'METHOD_NOT_ALLOWED' },
  {
    rule: 'POST on a GET-only resource -> 405',
    method: 'POST',
    path: '/payees',
    body: {},
    status: 405,
    error: 'METHOD_NOT_ALLOWED',
  },
  {
    rule: 'raw non-ASCII in a JSON request body -> 500',
    path: '/gl-accounts',
    method: 'POST',
    body: '{"label":"Café","number":"10-1-1"}',
    status: 500,
    error: 'SERVER_ERROR',
  },
  {
    rule: 'non-ASCII sent as \\uXXXX escapes is accepted',
    path: '/gl-accounts',
    method: 'POST',
    body: '{"label":"Caf\\u00e9","number":"10-1-1"}',
    status: 204,
  },
  {
    rule: 'malformed JSON -> 400 INVALID_JSON',
    path: '/txns',
    method: 'POST',
    body: '{"payee": ',
    status: 400,
    error: 'INVALID_JSON',
  },
  {
    rule: 'a body that is not an object -> 400 INVALID_FIELD',
    path: '/txns',
    method: 'POST',
    body: '[1,2]',
    status: 400,
    error: 'INVALID_FIELD',
  },
]);

contractRules('paging', [
  reads('limit defaults to 30', '/txns', (r) => {
    expect(r.json.limit).toBe(30);
    expect(r.json.offset).toBe(0);
    expect(r.json.objects).toHaveLength(30);
  }),
  reads('limit 100 is allowed', '/txns?limit=100', (r) => expect(r.json.objects).toHaveLength(100)),
  refusedRead('limit above 100 is refused', '/txns?limit=101'),
  refusedRead('limit 0 is refused', '/txns?limit=0'),
  refusedRead('a negative offset is refused', '/txns?offset=-1'),
  reads('offset skips objects', '/txns?limit=2&offset=1', (r) => expect(r.json.objects[0].id).toBe(1_000_002)),
]);

describe('sandbox contract: credentials', () => {
  it('answers a second client with other credentials only with its own', async () => {
    const other = sandboxClient({ url: sandbox().url, token: 'someone', secret: 'else' });
    expect((await other.get('/payees')).status).toBe(401);
  });
});
