import { createColumnHelper } from '@tanstack/react-table';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type TableColumn } from '../../../renderer/src/components/DataTable';
import { MAX_SCROLL_HEIGHT } from '../../../renderer/src/hooks/useRowWindow';
import { BusinessDate, Instant } from '../../../renderer/src/components/Dates';
import { Difference, Money } from '../../../renderer/src/components/Money';
import { ProgressBar } from '../../../renderer/src/components/ProgressBar';

describe('Money', () => {
  it('shows the currency, thousands separators and negatives in parentheses', () => {
    render(
      <>
        <Money cents={123456789} />
        <Money cents={-500} />
        <Difference cents={250} />
        <Difference cents={0} />
      </>,
    );
    expect(screen.getByText('$1,234,567.89')).toHaveAttribute('class', 'money');
    expect(screen.getByText('($5.00)')).toHaveAttribute('class', 'money money-negative');
    expect(screen.getByText('+$2.50')).toBeInTheDocument();
    expect(screen.getByText('$0.00')).toHaveAttribute('class', 'money money-zero');
  });
});

describe('Dates', () => {
  it('shows a business date as its Central calendar day whatever the machine’s zone', () => {
    render(<BusinessDate date="2026-03-08" />);
    const time = screen.getByText('Mar 8, 2026');
    expect(time).toHaveAttribute('datetime', '2026-03-08');
    expect(time).toHaveAttribute('title', 'Business date (Central time)');
  });

  it('shows an instant in Central time and names the zone', () => {
    // 05:59 UTC on Mar 8 2026 is still Mar 7 in Chicago (CST, UTC−6).
    render(<Instant iso="2026-03-08T05:59:00.000Z" />);
    expect(screen.getByText('Mar 7, 2026, 11:59 PM CT')).toBeInTheDocument();
  });
});

describe('ProgressBar', () => {
  it('is a labelled progressbar, indeterminate when the engine cannot estimate', () => {
    const { rerender } = render(<ProgressBar label="Syncing" fraction={null} />);
    expect(screen.getByRole('progressbar', { name: 'Syncing' })).not.toHaveAttribute('aria-valuenow');
    rerender(<ProgressBar label="Syncing" fraction={0.333} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
  });
});

describe('DataTable', () => {
  interface Row {
    id: number;
    cents: number;
  }
  const column = createColumnHelper<Row>();
  const columns: TableColumn<Row>[] = [
    column.display({ id: 'id', header: 'Id', cell: ({ row }) => row.original.id }),
    column.display({
      id: 'amount',
      header: 'Amount',
      cell: ({ row }) => <Money cents={row.original.cents} />,
      meta: { align: 'right' },
    }),
  ];
  /** The table of these columns, labelled Rows, with what the test is about; returns its grid. */
  const renderRows = (props: Omit<ComponentProps<typeof DataTable<Row>>, 'label' | 'columns' | 'getRowId'>) => {
    render(<DataTable label="Rows" columns={columns} getRowId={(r) => String(r.id)} {...props} />);
    return screen.getByRole('grid', { name: 'Rows' });
  };

  it('puts only the visible rows of 10,000 in the DOM, right-aligns money, and reports the visible range', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, cents: i * 100 }));
    const onVisibleRange = vi.fn();
    const grid = renderRows({ rows, onVisibleRange });
    const bodyRows = within(grid).getAllByRole('row').slice(1);
    expect(bodyRows.length).toBeGreaterThan(10);
    expect(bodyRows.length).toBeLessThan(50);
    expect(within(grid).getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('class', 'cell cell-right');
    // The rows on screen (a 600 px viewport of 34 px rows), not the overscan rendered below them.
    expect(onVisibleRange).toHaveBeenLastCalledWith(0, 17);
    expect(bodyRows.length).toBeGreaterThan(18);
  });

  it('renders a sparse list through rowAt: loaded rows where they belong, placeholders between', () => {
    const rowAt = (index: number) => (index >= 5 && index < 10 ? { id: 1000 + index, cents: index } : undefined);
    const grid = renderRows({ rowAt, rowCount: 1_000_000 });
    expect(grid).toHaveAttribute('aria-rowcount', '1000001');
    expect(grid.querySelector('[data-index="5"]')).toHaveTextContent('1005');
    expect(grid.querySelector('[data-index="9"]')).toHaveTextContent('1009');
    expect(grid.querySelector('[data-index="4"]')).toHaveTextContent('Loading…');
    expect(grid.querySelector('[data-index="10"]')).toHaveTextContent('Loading…');
  });

  it('reaches the last of 1,000,000 rows from the end of the scrollbar, though 34M px exceeds a browser’s scroll area', async () => {
    const rowAt = (index: number) => ({ id: index + 1, cents: index });
    const onVisibleRange = vi.fn();
    const grid = renderRows({ rowAt, rowCount: 1_000_000, onVisibleRange });
    const scroller = grid.querySelector<HTMLElement>('[data-virtual-scroll]')!;
    const spacer = scroller.firstElementChild as HTMLElement;
    const scrollHeight = parseFloat(spacer.style.height);
    expect(scrollHeight).toBeLessThanOrEqual(MAX_SCROLL_HEIGHT);

    const scrollTo = (top: number) =>
      act(() => {
        scroller.scrollTop = top;
        scroller.dispatchEvent(new Event('scroll'));
      });
    scrollTo(scrollHeight - scroller.clientHeight);
    await waitFor(() => expect(grid.querySelector('[data-index="999999"]')).toHaveTextContent('1000000'));
    expect(grid.querySelector('[data-index="999999"]')).toHaveAttribute('aria-rowindex', '1000001');
    // The last screenful (600 px of 34 px rows), and nothing past the end.
    expect(onVisibleRange).toHaveBeenLastCalledWith(999_982, 999_999);
    expect(grid.querySelector('[data-index="1000000"]')).toBeNull();

    // Half-way down the scrollbar is half-way down the list.
    scrollTo((scrollHeight - scroller.clientHeight) / 2);
    await waitFor(() => expect(onVisibleRange.mock.lastCall?.[0]).toBeGreaterThan(499_000));
    expect(onVisibleRange.mock.lastCall?.[0]).toBeLessThan(501_000);
  });

  it('moves the active row with j/k, scrolling it into view, and opens it with Enter', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, cents: i }));
    const onOpen = vi.fn();
    const grid = renderRows({ rows, onOpen, keyboard: true });
    const scroller = grid.querySelector<HTMLElement>('[data-virtual-scroll]')!;
    for (let i = 0; i < 25; i++) await userEvent.keyboard('j');
    // Row 25 (index 24) is the active one, focused, and the list scrolled just enough to show it whole.
    await waitFor(() => expect(grid.querySelector('[data-index="24"]')).toHaveFocus());
    expect(grid.querySelector('[data-index="24"]')).toHaveAttribute('aria-selected', 'true');
    expect(scroller.scrollTop).toBe(25 * 34 - 600);
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith({ id: 25, cents: 24 });
    await userEvent.keyboard('k');
    await waitFor(() => expect(grid.querySelector('[data-index="23"]')).toHaveFocus());
  });

  it('shows placeholders for rows counted but not loaded yet', () => {
    renderRows({ rows: [{ id: 1, cents: 1 }], rowCount: 500 });
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(5);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '501');
  });
});
