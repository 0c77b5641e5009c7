/**
 * The sandbox's contract, one row per spec rule (rows and runner in ./rows.ts and ./setup.ts).
 * The reference lists: payees, GL accounts and items.
 */
import { expect } from 'vitest';
import { reads, refusedRead } from './rows';
import { contractRules, useContractSandbox } from './setup';

useContractSandbox();

contractRules('GET /payees, GET/POST /gl-accounts', [
  reads('GET /payees -> Payee[] with id, name, merchant_id', '/payees', (r) => {
    expect(Array.isArray(r.json)).toBe(true);
    expect(r.json[0]).toEqual({ id: expect.any(Number), name: expect.any(String), merchant_id: expect.any(String) });
  }),
  reads('GET /gl-accounts -> GLAccount[] with string ids', '/gl-accounts', (r) => {
    expect(r.json.length).toBeGreaterThanOrEqual(20);
    expect(r.json[0]).toEqual({ id: expect.any(String), label: expect.any(String), number: expect.any(String) });
  }),
  {
    rule: 'POST /gl-accounts creates -> 204',
    path: '/gl-accounts',
    body: { label: 'Robotics Club', number: '10-2700-1701' },
    status: 204,
  },
  {
    rule: 'POST /gl-accounts of an existing account succeeds (idempotent)',
    path: '/gl-accounts',
    body: { label: 'Robotics Club', number: '10-2700-1701' },
    status: 204,
  },
  reads('creating twice leaves one account', '/gl-accounts', (r) =>
    expect(r.json.filter((a: { label: string }) => a.label === 'Robotics Club')).toHaveLength(1),
  ),
  {
    rule: 'POST /gl-accounts remove=yes removes -> 204',
    path: '/gl-accounts',
    body: { label: 'Robotics Club', number: '10-2700-1701', remove: 'yes' },
    status: 204,
  },
  reads('a removed account is no longer listed', '/gl-accounts', (r) =>
    expect(r.json.some((a: { label: string }) => a.label === 'Robotics Club')).toBe(false),
  ),
  {
    rule: 'removing a nonexistent account -> 404 ACCOUNT_NOT_FOUND',
    path: '/gl-accounts',
    body: { label: 'Nope', number: '99-9999', remove: 'yes' },
    status: 404,
    error: 'ACCOUNT_NOT_FOUND',
  },
  {
    rule: 'GL account label is required',
    path: '/gl-accounts',
    body: { number: '10-1' },
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'GL account label longer than 1',
    path: '/gl-accounts',
    body: { label: 'X', number: '10-1' },
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'GL account number longer than 1',
    path: '/gl-accounts',
    body: { label: 'Xy', number: '1' },
    status: 400,
    error: 'INVALID_FIELD',
  },
]);

contractRules('GET /items', [
  reads('GET /items is a paged item listing', '/items', (r) => {
    expect(r.json.limit).toBe(30);
    expect(r.json.objects[0]).toMatchObject({
      id: expect.any(Number),
      payee_id: expect.any(Number),
      title: expect.any(String),
      can_be_purcahsed: true,
    });
    expect(r.json.objects[0]).not.toHaveProperty('description');
  }),
  reads('extension description adds the HTML description', '/items?extensions=description', (r) =>
    expect(r.json.objects[0].description).toMatch(/^</),
  ),
  reads('extension data_fields adds data_fields', '/items?extensions=data_fields', (r) =>
    expect(r.json.objects[0].data_fields).toEqual([]),
  ),
  refusedRead('an extension GET /items does not offer is refused', '/items?extensions=gl'),
]);
