import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../shared/domain';
import { scrollTopForRow } from '../../../renderer/src/hooks/useRowWindow';
import type { QueryClient } from '@tanstack/react-query';
import {
  loadTransactions,
  MAX_PAGES,
  PAGE_SIZE,
  transactionList,
  type TransactionPager,
} from '../../../renderer/src/data/transactionPages';
import { TransactionsView } from '../../../renderer/src/views/transactions/TransactionsView';
import { fails, never, useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';

const ROW_HEIGHT = 34;

/** The pager behind the unfiltered list on screen (its first page and count are a query). */
const pagerOf = (client: QueryClient) => client.getQueryData<TransactionPager>(transactionList({}).queryKey)!;
const paging = (client: QueryClient) => pagerOf(client).getSnapshot().paging;

/** A keyset-paged engine over `total` generated transactions (row i is transaction i + 1); seek gives the cursor at a row. */
function pagedTransactions(total: number) {
  return {
    'transactions.count': () => ({ count: total }),
    'transactions.seek': ({ position }: { position: number }) => ({ cursor: position === 0 ? null : String(position) }),
    'transactions.list': ({ cursor, limit = 200 }: { cursor?: string | null; limit?: number }) => {
      const start = cursor ? Number(cursor) : 0;
      const end = Math.min(total, start + limit);
      const rows: Transaction[] = [];
      for (let i = start; i < end; i++) rows.push(make.transaction({ id: i + 1, orderId: 90000 + i }));
      return { rows, nextCursor: end < total ? String(end) : null };
    },
  };
}

describe('Transactions', () => {
  it('shows loading, then a virtualised list sized by the engine’s count without loading every row', async () => {
    const engine = useFakeEngine({ 'transactions.count': never(), 'transactions.list': never() });
    const { client } = render(<TransactionsView itemId={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading transactions');
    engine.answer(pagedTransactions(1_000_000));
    act(() => engine.emit('data.changed', { scopes: ['transactions'] }));
    const grid = await screen.findByRole('grid', { name: 'Transactions' });
    expect(grid).toHaveAttribute('aria-rowcount', '1000001');
    expect(screen.getByText('1,000,000 transactions')).toBeInTheDocument();
    const rendered = within(grid).getAllByRole('row').length;
    expect(rendered).toBeLessThan(60);
    await waitFor(() => expect(paging(client)).toBe(false));
    expect(pagerOf(client).size).toBe(1);
    expect(engine.callsOf('transactions.list').filter((args) => args.cursor).length).toBe(0);
    expect(engine.callsOf('transactions.seek')).toEqual([]);
  });

  it('jumps to row 500,000 of 1,000,000 with one seek and one page, then scrolls on by keyset', async () => {
    const engine = useFakeEngine(pagedTransactions(1_000_000));
    const { client } = render(<TransactionsView itemId={null} />);
    const grid = await screen.findByRole('grid', { name: 'Transactions' });
    const scroller = grid.querySelector<HTMLElement>('[data-virtual-scroll]')!;
    await waitFor(() => expect(paging(client)).toBe(false));
    const before = {
      seek: engine.callsOf('transactions.seek').length,
      list: engine.callsOf('transactions.list').length,
    };

    // A million rows are taller than a browser's scroll area: the scrollbar maps to rows proportionally.
    const scrollTo = async (row: number) => {
      act(() => {
        scroller.scrollTop = scrollTopForRow(row, 1_000_000, ROW_HEIGHT, scroller.clientHeight);
        scroller.dispatchEvent(new Event('scroll'));
      });
      await waitFor(() => expect(within(grid).getByText(String(row + 1))).toBeInTheDocument());
      await waitFor(() => expect(paging(client)).toBe(false));
    };
    await scrollTo(500_000);
    expect(engine.callsOf('transactions.seek').slice(before.seek)).toEqual([{ filter: {}, position: 500_000 }]);
    expect(engine.callsOf('transactions.list').slice(before.list)).toEqual([
      { filter: {}, cursor: '500000', limit: PAGE_SIZE },
    ]);
    // Every row on screen is loaded; only the overscan above the jump waits as placeholders.
    const placeholders = [...grid.querySelectorAll('.data-table-placeholder')].map((row) =>
      Number(row.getAttribute('data-index')),
    );
    expect(placeholders.every((index) => index < 500_000)).toBe(true);
    expect(within(grid).getByText('500017')).toBeInTheDocument();

    // Scrolling on from there reads the next pages by keyset (no more seeks), and the end is reachable.
    const seeks = engine.callsOf('transactions.seek').length;
    for (let row = 500_180; row <= 500_000 + 2 * PAGE_SIZE; row += 180) await scrollTo(row);
    expect(engine.callsOf('transactions.seek').length).toBe(seeks);
    expect(
      engine
        .callsOf('transactions.list')
        .slice(before.list)
        .map((args) => args.cursor),
    ).toEqual(['500000', '500200', '500400']);
    await scrollTo(999_990);
    expect(within(grid).getByText('1000000')).toBeInTheDocument();
  });

  it('holds at most MAX_PAGES pages however far the list is jumped around', async () => {
    const engine = useFakeEngine(pagedTransactions(1_000_000));
    const pager = await loadTransactions({});
    for (let jump = 1; jump <= 3 * MAX_PAGES; jump++) {
      const first = (jump * 15_551) % 1_000_000;
      await pager.showRange(first, first + 17);
      await waitFor(() => expect(pager.getSnapshot().paging).toBe(false));
      expect(pager.size).toBeLessThanOrEqual(MAX_PAGES);
      // The rows on screen are the ones asked for.
      const page = pager.getSnapshot().pages.get(Math.floor(first / PAGE_SIZE));
      expect(page?.[first % PAGE_SIZE]?.id).toBe(first + 1);
    }
    expect(pager.getSnapshot().pages.size).toBe(MAX_PAGES);
    expect(engine.callsOf('transactions.list').length).toBeLessThan(3 * MAX_PAGES * 3);
  });

  it('is empty before the first sync, and says so differently for a search with no match', async () => {
    const engine = useFakeEngine(pagedTransactions(0));
    render(<TransactionsView itemId={null} />);
    expect(await screen.findByText('No transactions yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'Lopez');
    expect(await screen.findByText('No transactions match.')).toBeInTheDocument();
    expect(engine.callsOf('transactions.count').at(-1)).toEqual({ filter: { search: 'Lopez' } });
  });

  it('keeps what was typed in the search box when the engine fails', async () => {
    const engine = useFakeEngine(pagedTransactions(3));
    render(<TransactionsView itemId={null} />);
    await screen.findByRole('grid');
    engine.answer({ 'transactions.list': fails('STORE', 'The search could not run. Try again.') });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '9001');
    expect(await screen.findByRole('alert')).toHaveTextContent('The search could not run. Try again.');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('9001');
  });

  it('filters by payee and Central date range through the engine', async () => {
    const engine = useFakeEngine({
      ...pagedTransactions(5),
      'payees.list': () => [make.payee(), make.payee({ id: 2, name: 'Band Boosters' })],
    });
    render(<TransactionsView itemId={null} />);
    await screen.findByRole('grid');
    await userEvent.selectOptions(await screen.findByLabelText('Payee'), 'Band Boosters');
    await userEvent.type(screen.getByLabelText('From (Central)'), '2026-03-01');
    await userEvent.type(screen.getByLabelText('To (Central)'), '2026-03-31');
    await waitFor(() =>
      expect(engine.callsOf('transactions.list').at(-1)).toMatchObject({
        filter: { payeeIds: [2], from: '2026-03-01', to: '2026-03-31' },
      }),
    );
    expect(engine.callsOf('transactions.count').at(-1)).toEqual({
      filter: { payeeIds: [2], from: '2026-03-01', to: '2026-03-31' },
    });
  });

  it('filters by status and opens a transaction from the keyboard', async () => {
    const engine = useFakeEngine(pagedTransactions(5));
    render(<TransactionsView itemId={null} />);
    await screen.findByRole('grid');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Refunded');
    await waitFor(() =>
      expect(engine.callsOf('transactions.list').at(-1)).toMatchObject({ filter: { statuses: ['Refunded'] } }),
    );
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('/');
    expect(screen.getByRole('searchbox')).toHaveFocus();
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('jj{Enter}');
    expect(window.location.hash).toBe('#/transactions/2');
  });

  it('shows a transaction’s status timeline, oldest first, with Central times', async () => {
    const engine = useFakeEngine({ 'transactions.get': never() });
    render(<TransactionsView itemId="5001" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the transaction');
    engine.answer({ 'transactions.get': () => make.transactionDetail() });
    act(() => engine.emit('data.changed', { scopes: ['transactions'] }));
    const timeline = await screen.findByRole('region', { name: 'Status timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('strong')?.textContent)).toEqual(['New', 'Settled', 'Refunded']);
    expect(steps[2]).toHaveTextContent('Settled → Refunded');
    expect(steps[2]).toHaveTextContent('+$15.00');
    expect(steps[2]).toHaveTextContent('Mar 7, 2026, 1:30 AM CT');
    expect(screen.getByRole('link', { name: 'Batch B100' })).toHaveAttribute('href', '#/batches/B100');
  });

  it('asks the service for a payer the list left out (transactions.fetchDetails), never through the read', async () => {
    const bare = make.transactionDetail();
    const withoutPayer = { ...bare, transaction: { ...bare.transaction, payerName: null } };
    const engine = useFakeEngine({
      'transactions.get': () => withoutPayer,
      'transactions.fetchDetails': () => ({ ...bare, transaction: { ...bare.transaction, payerName: 'Ana Ruiz' } }),
    });
    render(<TransactionsView itemId="5001" />);
    expect(await screen.findByText('Ana Ruiz')).toBeInTheDocument();
    expect(engine.callsOf('transactions.fetchDetails')).toEqual([{ id: 5001 }]);
  });

  it('explains a missing transaction in words', async () => {
    useFakeEngine({ 'transactions.get': fails('NOT_FOUND', 'Transaction 42 is not in the local copy.') });
    render(<TransactionsView itemId="42" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Transaction 42 is not in the local copy.');
  });
});
