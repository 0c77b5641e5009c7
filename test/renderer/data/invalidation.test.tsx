/**
 * One listener turns the engine's 'data.changed' scopes into query invalidations: each read is
 * re-read when a scope it reads changed, and only then; a finished sync re-reads everything.
 */
import { act, screen, waitFor } from '@testing-library/react';
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { DataScope } from '../../../shared/contract';
import { createQueryClient } from '../../../renderer/src/data/queryClient';
import { reads } from '../../../renderer/src/data/queries';
import { defaultGlFilter } from '../../../renderer/src/data/glFilter';
import { transactionList } from '../../../renderer/src/data/transactionPages';
import { SettingsView } from '../../../renderer/src/views/settings/SettingsView';
import { BridgeError } from '../../../renderer/src/bridge';
import { fails, useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';

const answers = () => ({
  'overview.get': () => make.overview(),
  'payees.list': () => [make.payee()],
  'glAccounts.list': () => [make.account()],
  'settings.get': () => make.settings(),
  'sync.status': () => ({ running: false, progress: null, lastRun: null, lastSuccessAt: null, nextRunAt: null }),
  'batches.get': () => make.batchDetail(),
  'transactions.get': () => make.transactionDetail(),
  'glBatches.list': () => make.glReport([]),
  'transactions.list': () => ({ rows: [make.transaction()], nextCursor: null }),
  'transactions.count': () => ({ count: 1 }),
});

/** Every read a view makes, by name, as the views build them. */
const READS: Record<string, { queryKey: QueryKey }> = {
  overview: reads.overview(),
  payees: reads.payees(),
  glAccounts: reads.glAccounts(),
  settings: reads.settings(),
  syncStatus: reads.syncStatus(),
  batch: reads.batch('B100'),
  transaction: reads.transaction(5001),
  glBatches: reads.glBatches(defaultGlFilter()),
  transactionList: transactionList({}),
};

/** Which reads a change of `scope` marks stale. */
async function staleAfter(scope: DataScope): Promise<string[]> {
  const engine = useFakeEngine(answers());
  const client = createQueryClient();
  for (const options of Object.values(READS)) await client.prefetchQuery(options as never);
  const view = render(<div />, { client });
  act(() => engine.emit('data.changed', { scopes: [scope] }));
  await waitFor(() => expect(client.isFetching()).toBe(0));
  view.unmount();
  return Object.entries(READS)
    .filter(([, options]) => client.getQueryState(options.queryKey)?.isInvalidated)
    .map(([name]) => name);
}

describe('data.changed → queries', () => {
  it.each<[DataScope, string[]]>([
    ['batches', ['overview', 'batch']],
    ['transactions', ['overview', 'batch', 'transaction', 'transactionList']],
    ['glBatches', ['overview', 'batch', 'glBatches']],
    ['changes', ['overview', 'transaction']],
    ['settings', ['settings']],
    ['glAccounts', ['glAccounts']],
    ['exports', ['glBatches']],
  ])('a change to %s makes stale exactly: %j', async (scope, expected) => {
    expect((await staleAfter(scope)).sort()).toEqual([...expected].sort());
  });

  it('re-reads a read on screen when its scope changes, and not for another scope', async () => {
    const engine = useFakeEngine(answers());
    render(<SettingsView />);
    await screen.findByLabelText('Service address (URL)');
    const before = engine.callsOf('settings.get').length;
    act(() => engine.emit('data.changed', { scopes: ['batches', 'transactions', 'glAccounts'] }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(engine.callsOf('settings.get')).toHaveLength(before);
    act(() => engine.emit('data.changed', { scopes: ['settings'] }));
    await waitFor(() => expect(engine.callsOf('settings.get')).toHaveLength(before + 1));
  });

  it('a finished sync re-reads every read on screen', async () => {
    const engine = useFakeEngine(answers());
    render(<SettingsView />);
    await screen.findByLabelText('Service address (URL)');
    const before = engine.callsOf('settings.get').length;
    act(() => engine.emit('sync.finished', make.syncRun()));
    await waitFor(() => expect(engine.callsOf('settings.get')).toHaveLength(before + 1));
  });

  it('stops listening when the app goes away', () => {
    const engine = useFakeEngine(answers());
    const view = render(<div />);
    expect(engine.listenerCount('data.changed')).toBe(1);
    view.unmount();
    expect(engine.listenerCount('data.changed')).toBe(0);
  });

  it('shows an engine error without asking again (no retry storm)', async () => {
    const engine = useFakeEngine({ ...answers(), 'settings.get': fails('STORE', 'Settings could not be read.') });
    render(<SettingsView />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings could not be read.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(engine.callsOf('settings.get')).toHaveLength(1);
  });

  it('asks once more only when the local service did not answer at all', async () => {
    const client = createQueryClient();
    const retry = client.getDefaultOptions().queries?.retry as (failures: number, error: unknown) => boolean;
    expect(retry(0, new BridgeError('OFFLINE', 'not answering'))).toBe(true);
    expect(retry(1, new BridgeError('OFFLINE', 'not answering'))).toBe(false);
    expect(retry(0, new BridgeError('NOT_FOUND', 'no such batch'))).toBe(false);
    expect(client.getDefaultOptions().queries?.networkMode).toBe('always');
  });
});
