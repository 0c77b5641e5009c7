import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MethodResult } from '../../../shared/contract';
import { bridge } from '../../../renderer/src/bridge';
import { GlBatchesView } from '../../../renderer/src/views/gl-batches/GlBatchesView';
import { never, useFakeEngine, type FakeHandlers } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import { itShowsTheEnginesError } from '../helpers/sharedCases';
import * as make from '../helpers/fixtures';

const record = (overrides = {}) => ({
  id: 7,
  createdAt: '2026-03-01T16:00:00.000Z',
  from: '2026-02-20',
  to: '2026-03-02',
  payeeIds: [],
  methods: [],
  layout: 'xlsx' as const,
  file: '/data/exports/gl-batches_2026-03-01_2026-03-07.xlsx',
  rowCount: 2,
  totalCents: 173456,
  sha256: 'ab',
  ...overrides,
});

const base: FakeHandlers = {
  'payees.list': () => [make.payee()],
  'export.untied': () => [],
  'export.withoutAccount': () => ({ schools: [], reversals: [], amountCents: 0 }),
  'settings.get': () => make.settings({ exportLayout: 'je-csv' }),
  'glBatches.list': () =>
    make.glReport([
      make.glLine(),
      make.glLine({
        glBatchId: 'G2',
        glNumber: '461-00-5749',
        glLabel: 'Athletics gate',
        amountCents: 50000,
        amountWithoutFeesCents: 48500,
        count: 4,
      }),
    ]),
};

/** `base` with export 7 overlapping the range; export `id` answers with `result` over a plain one (3 deposits left out). */
const afterAnEarlierExport = (id: number, result: Partial<MethodResult<'export.glBatches'>>) =>
  useFakeEngine({
    ...base,
    'export.overlaps': () => [record()],
    'export.glBatches': () => ({
      record: record({ id }),
      overlaps: [record()],
      alreadyPosted: { deposits: 3, reversals: 0 },
      reposted: false,
      deposits: 1,
      reversals: 0,
      reversalCents: 0,
      untied: [],
      untiedCount: 0,
      downloadPath: `/download/${id}`,
      ...result,
    }),
  });

describe('GL Batches', () => {
  it('shows loading, then lines grouped by Chart of Accounts with aligned totals', async () => {
    const engine = useFakeEngine({ ...base, 'glBatches.list': never() });
    render(<GlBatchesView />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading GL batches');
    engine.answer({ 'glBatches.list': base['glBatches.list']! });
    act(() => engine.emit('data.changed', { scopes: ['glBatches'] }));
    const totals = await screen.findByRole('table', { name: 'By Chart of Accounts' });
    const rows = within(totals).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('199-35-5751Cafeteria sales12$1,234.56$1,200.00');
    expect(rows[3]).toHaveTextContent('Total16$1,734.56$1,685.00');
    expect(screen.getByRole('grid', { name: 'GL batch lines' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/GL account/i);
  });

  it('is empty when the range has no GL batches, and export is off', async () => {
    useFakeEngine({ ...base, 'glBatches.list': () => make.glReport([]) });
    render(<GlBatchesView />);
    expect(await screen.findByText('No GL batches in this range.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post to the ledger…' })).toBeDisabled();
  });

  itShowsTheEnginesError(
    () => <GlBatchesView />,
    'glBatches.list',
    'GL batches could not be read from the local copy.',
    base,
  );

  it('sends the range, payees and methods to the engine', async () => {
    const engine = useFakeEngine(base);
    render(<GlBatchesView />);
    await screen.findByRole('grid');
    const from = screen.getByLabelText('From (Central)');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-03-01');
    await userEvent.click(screen.getByRole('checkbox', { name: 'ACH' }));
    await waitFor(() =>
      expect(engine.callsOf('glBatches.list').at(-1)).toMatchObject({ from: '2026-03-01', methods: ['ACH'] }),
    );
  });

  it('exports in browser mode: names the earlier export whose deposits are left out, then downloads the file (e key)', async () => {
    const download = vi.spyOn(bridge, 'download').mockResolvedValue();
    const engine = afterAnEarlierExport(8, { alreadyPosted: { deposits: 3, reversals: 1 } });
    render(<GlBatchesView />);
    await screen.findByRole('grid');
    expect(screen.getByLabelText('Layout')).toHaveValue('je-csv');
    await userEvent.selectOptions(screen.getByLabelText('Layout'), 'xlsx');
    // Shortcuts never fire while a field has the keyboard: leave the layout menu first.
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('e');
    const dialog = await screen.findByRole('dialog', { name: 'Some or all of this range was posted before' });
    expect(dialog).toHaveTextContent('Feb 20, 2026 – Mar 2, 2026, $1,734.56');
    expect(dialog).toHaveTextContent('left out of this file');
    expect(engine.callsOf('export.glBatches')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export the rest' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith('/download/8', 'gl-batches_2026-03-01_2026-03-07.xlsx'));
    const call = engine.callsOf('export.glBatches')[0]!;
    expect(call.layout).toBe('xlsx');
    expect(call).not.toHaveProperty('file');
    expect(call).not.toHaveProperty('repost');
    expect(screen.getByText(/Exported 2 rows/)).toHaveTextContent('$1,734.56');
    expect(screen.getByText(/Exported 2 rows/)).toHaveTextContent(
      'Left out, posted before: 3 deposits and 1 reversals.',
    );
    download.mockRestore();
  });

  it('posts again only when the bookkeeper ticks it, and the button says so', async () => {
    vi.spyOn(bridge, 'download').mockResolvedValue();
    const engine = afterAnEarlierExport(9, { reposted: true, deposits: 4 });
    render(<GlBatchesView />);
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Post to the ledger…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Some or all of this range was posted before' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Post them again/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post them again' }));
    await waitFor(() => expect(engine.callsOf('export.glBatches')).toHaveLength(1));
    expect(engine.callsOf('export.glBatches')[0]).toMatchObject({ repost: true });
    expect(await screen.findByText(/Exported 2 rows/)).not.toHaveTextContent('Left out');
  });

  it('names the deposits that do not tie out before posting, and exports them only when told to', async () => {
    vi.spyOn(bridge, 'download').mockResolvedValue();
    const engine = useFakeEngine({
      ...base,
      'export.overlaps': () => [],
      'export.untied': () => [
        {
          batchId: '730002',
          date: '2026-03-02',
          payeeId: 2,
          payeeName: 'Food Services',
          reason: 'differs' as const,
          differenceCents: 100,
        },
        {
          batchId: '730004',
          date: '2026-03-03',
          payeeId: 2,
          payeeName: null,
          reason: 'not_signed_off' as const,
          differenceCents: 0,
        },
      ],
      'export.glBatches': () => ({
        record: record({ id: 10 }),
        overlaps: [],
        alreadyPosted: { deposits: 0, reversals: 0 },
        reposted: false,
        deposits: 2,
        reversals: 0,
        reversalCents: 0,
        untied: [],
        untiedCount: 0,
        downloadPath: '/download/10',
      }),
    });
    render(<GlBatchesView />);
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Post to the ledger…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Some deposits do not tie out' });
    const listed = within(dialog).getByRole('list', { name: 'Deposits that do not tie out' });
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Mar 2, 2026, deposit 730002 (Food Services): it differs by $1.00',
      'Mar 3, 2026, deposit 730004 (payee 2): it ties out but is not signed off',
    ]);
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(engine.callsOf('export.glBatches')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export anyway' }));
    await waitFor(() => expect(engine.callsOf('export.glBatches')).toHaveLength(1));
  });

  it('shows export progress from the engine and an export failure where it happened', async () => {
    let finish: (value: never) => void = () => {};
    const engine = useFakeEngine({
      ...base,
      'export.overlaps': () => [],
      'export.glBatches': () => new Promise<never>((_resolve, reject) => (finish = reject)),
    });
    render(<GlBatchesView />);
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Post to the ledger…' }));
    await screen.findByRole('progressbar');
    act(() => engine.emit('export.progress', { rows: 500, totalRows: 2000, file: 'x' }));
    expect(screen.getByRole('progressbar', { name: 'Writing the export' })).toHaveAttribute('aria-valuenow', '25');
    const { BridgeError } = await import('../../../renderer/src/bridge');
    await act(async () =>
      finish(new BridgeError('EXPORT', 'The export folder is full. Free some space and export again.') as never),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The export folder is full.');
  });

  it('in the desktop app leaves the file to the save dialog, and a cancelled dialog is quiet', async () => {
    const isElectron = vi.spyOn(bridge, 'isElectron').mockReturnValue(true);
    const { BridgeError } = await import('../../../renderer/src/bridge');
    const engine = useFakeEngine({
      ...base,
      'export.overlaps': () => [],
      'export.glBatches': () => Promise.reject(new BridgeError('CANCELLED', 'Export cancelled: no file was chosen.')),
    });
    render(<GlBatchesView />);
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Post to the ledger…' }));
    await waitFor(() => expect(engine.callsOf('export.glBatches')).toHaveLength(1));
    expect(engine.callsOf('export.glBatches')[0]).not.toHaveProperty('file');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Post to the ledger…' })).not.toBeDisabled());
    expect(screen.queryByRole('alert')).toBeNull();
    isElectron.mockRestore();
  });
  it('names money on no Chart of Accounts account before posting, and posts nothing (issue 30 item 2)', async () => {
    const engine = useFakeEngine({
      ...base,
      'export.overlaps': () => [],
      'export.withoutAccount': () => ({
        schools: [{ payeeId: 1, payeeName: 'Lincoln High Athletics', rowCount: 3, amountCents: 7040000 }],
        reversals: [],
        amountCents: 7040000,
      }),
    });
    render(<GlBatchesView />);
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Post to the ledger…' }));
    const named = await screen.findByRole('list', { name: 'Money on no account' });
    expect(named).toHaveTextContent('Lincoln High Athletics: $70,400.00 on 3 GL rows');
    expect(screen.getByRole('link', { name: /Settings › Default accounts/ })).toHaveAttribute('href', '#/settings');
    expect(engine.callsOf('export.glBatches')).toHaveLength(0);
  });

  it('saves a report: the workbook alone, without a layout, said to be no posting', async () => {
    vi.spyOn(bridge, 'download').mockResolvedValue();
    const engine = useFakeEngine({
      ...base,
      'export.glBatches': () => ({
        record: record({ id: 12, report: true }),
        overlaps: [],
        alreadyPosted: { deposits: 0, reversals: 0 },
        reposted: false,
        deposits: 2,
        reversals: 0,
        reversalCents: 0,
        untied: [],
        untiedCount: 0,
        downloadPath: null,
      }),
    });
    render(<GlBatchesView />);
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Save a report' }));
    await waitFor(() => expect(engine.callsOf('export.glBatches')).toHaveLength(1));
    const call = engine.callsOf('export.glBatches')[0];
    expect(call).toMatchObject({ report: true });
    expect(call).not.toHaveProperty('layout');
    expect(engine.callsOf('export.overlaps')).toHaveLength(0);
    expect(await screen.findByText(/Saved a report \(not a posting; nothing claimed\)/)).toBeInTheDocument();
  });
});
