import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BankCsvPreview } from '../../../shared/domain';
import { App } from '../../../renderer/src/App';
import { BankView } from '../../../renderer/src/views/bank/BankView';
import { BatchesView } from '../../../renderer/src/views/batches/BatchesView';
import { useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';
import { bankImportSummary, bankLine, bankLineDetail } from '../helpers/bankFixtures';

const matched = bankLine({
  id: 2,
  bankReference: 'R2',
  status: 'matched',
  match: {
    id: 9,
    how: 'lumped',
    status: 'matched',
    batchIds: ['B1', 'B2', 'B3'],
    transactionId: null,
    gapDays: 2,
    slip: null,
    matchedAt: '2026-03-07T12:00:00.000Z',
    confirmedBy: null,
    confirmedAt: null,
  },
});
const suggested = bankLine({
  id: 3,
  bankReference: 'R3',
  status: 'suggested',
  suggestions: [
    { id: 21, rank: 1, how: 'exact', batchIds: ['B7'], transactionId: null, gapDays: 1, slip: null },
    { id: 22, rank: 2, how: 'exact', batchIds: ['B8'], transactionId: null, gapDays: 3, slip: null },
  ],
});

const SUMMARY = bankImportSummary();

const base = {
  'bank.lines': () => ({ rows: [bankLine(), matched, suggested], nextCursor: null }),
  'bank.inTransit': () => ({
    asOf: '2026-03-20',
    windowDays: 5,
    truncated: false,
    batches: [
      {
        batchId: 'B40',
        payeeId: 1,
        paymentMethod: 'CC',
        date: '2026-03-05',
        totalCents: 5_000,
        partialCents: 4_850,
        ageDays: 11,
      },
    ],
  }),
  'bank.mappings.list': () => [],
  'bank.mappings.preview': (): BankCsvPreview => ({
    format: 'bai2',
    columns: [],
    lines: [],
    lineCount: 0,
    error: null,
  }),
  'payees.list': () => [make.payee()],
} as const;

describe('the Bank view (issue 15)', () => {
  it('lists lines with their match state and age, filters them, and lists deposits in transit', async () => {
    const engine = useFakeEngine({ ...base });
    render(<BankView itemId={null} />);
    const grid = await screen.findByRole('grid', { name: 'Bank lines' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(4));
    const rows = within(grid).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Unmatched');
    expect(rows[1]).toHaveTextContent('12 d');
    expect(rows[2]).toHaveTextContent('3 batches: B1, B2, B3');
    expect(rows[3]).toHaveTextContent('2 candidates to confirm');

    await userEvent.selectOptions(screen.getByLabelText('Match'), 'open');
    await waitFor(() =>
      expect(engine.callsOf('bank.lines').at(-1)?.filter).toEqual({ statuses: ['suggested', 'unmatched'] }),
    );
    const transit = screen.getByRole('region', { name: /In transit/ });
    expect(within(transit).getAllByRole('row')[1]).toHaveTextContent('Batch B40');
    expect(within(transit).getAllByRole('row')[1]).toHaveTextContent('11');
  });

  it('imports a chosen file as base64 and says what came of it', async () => {
    const engine = useFakeEngine({ ...base, 'bank.import': () => SUMMARY });
    render(<BankView itemId={null} />);
    const file = new File(['01,BANK,DISTRICT,260309,0600,1,80,,2/\n'], 'march.bai', { type: 'text/plain' });
    await userEvent.upload(await screen.findByLabelText('Statement file'), file);
    expect(
      await screen.findByText(/Imported march\.bai\. 3 lines added, 0 duplicates skipped; 1 matched/),
    ).toBeInTheDocument();
    const args = engine.callsOf('bank.import')[0]!;
    expect(args).toMatchObject({ fileName: 'march.bai', encoding: 'base64' });
    expect(atob(args.content)).toMatch(/^01,BANK/);
  });

  it('confirms the best candidate with c, another with j and Enter, and explains an unmatched line with e', async () => {
    const engine = useFakeEngine({
      ...base,
      'bank.line': ({ id }) => bankLineDetail(id === 3 ? suggested : bankLine()),
      'bank.confirm': () => suggested,
      'bank.explain': () => ({
        id: 1,
        lineId: 1,
        batchId: null,
        kind: 'processor_fee',
        note: '',
        by: 'Pat',
        at: '2026-03-20T12:00:00.000Z',
        undone: null,
      }),
    });
    const { unmount } = render(<BankView itemId="3" />);
    await screen.findByRole('button', { name: 'Confirm #2' });
    await userEvent.keyboard('c');
    await waitFor(() => expect(engine.callsOf('bank.confirm')).toEqual([{ lineId: 3, batchIds: ['B7'] }]));
    await userEvent.keyboard('jj');
    expect(screen.getByRole('button', { name: 'Confirm #2' })).toHaveFocus();
    await userEvent.keyboard('k');
    expect(screen.getByRole('button', { name: 'Confirm best' })).toHaveFocus();
    await userEvent.keyboard('j{Enter}');
    await waitFor(() => expect(engine.callsOf('bank.confirm')[1]).toEqual({ lineId: 3, batchIds: ['B8'] }));
    unmount();

    render(<BankView itemId="1" />);
    await screen.findByRole('button', { name: 'Explain…' });
    await userEvent.keyboard('e');
    const dialog = await screen.findByRole('dialog', { name: 'Explain this bank line' });
    await userEvent.selectOptions(within(dialog).getByLabelText('What it is'), 'other');
    await userEvent.type(within(dialog).getByLabelText('Note (required)'), 'Wire from the county');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Explain' }));
    await waitFor(() =>
      expect(engine.callsOf('bank.explain')).toEqual([{ lineId: 1, kind: 'other', note: 'Wire from the county' }]),
    );
  });

  it('in the app, keeps number keys for the views and lists the bank keys in the ? overlay', async () => {
    const engine = useFakeEngine({
      ...base,
      'app.info': () => ({ version: '0.1.0', dataFolder: '/data', sandbox: false, host: 'web', today: '2026-11-20' }),
      'sync.status': () => ({ running: false, progress: null, lastRun: null, lastSuccessAt: null, nextRunAt: null }),
      'batches.list': () => ({ rows: [make.batch()], nextCursor: null }),
      'bank.line': () => bankLineDetail(suggested),
      'bank.confirm': () => suggested,
    });
    window.location.hash = '#/bank';
    render(<App />);
    await screen.findByRole('grid', { name: 'Bank lines' });
    // Opened from the list, as the bookkeeper does: the app's own keys were bound first.
    act(() => {
      window.location.hash = '#/bank/3';
    });
    await screen.findByRole('button', { name: 'Confirm #2' });
    await userEvent.keyboard('jjc');
    await waitFor(() => expect(engine.callsOf('bank.confirm')).toEqual([{ lineId: 3, batchIds: ['B8'] }]));

    await userEvent.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const keyRow = (key: string) => within(help).getByText(key, { selector: 'kbd' }).closest('tr')!;
    expect(keyRow('c')).toHaveTextContent(/Confirm the open bank line’s match, or the candidate j \/ k moved to/);
    expect(keyRow('j / k')).toHaveTextContent('candidate');
    expect(keyRow('e')).toHaveTextContent('explain the open bank line');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.keyboard('2');
    await screen.findByRole('heading', { name: 'Batches', level: 1 });
    expect(engine.callsOf('bank.confirm')).toHaveLength(1);
  });

  it('undoes a match with a reason', async () => {
    const engine = useFakeEngine({
      ...base,
      'bank.line': () => bankLineDetail(matched),
      'bank.unmatch': () => bankLine(),
    });
    render(<BankView itemId="2" />);
    await screen.findByRole('button', { name: 'Undo match…' });
    await userEvent.keyboard('u');
    const dialog = await screen.findByRole('dialog', { name: 'Undo this match?' });
    await userEvent.type(within(dialog).getByLabelText('Reason (kept with the line)'), 'Wrong school');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo match' }));
    await waitFor(() => expect(engine.callsOf('bank.unmatch')).toEqual([{ lineId: 2, reason: 'Wrong school' }]));
  });

  it('batch detail shows the bank line that paid the deposit', async () => {
    useFakeEngine({
      'batches.get': () => make.batchDetail(),
      'bank.forBatch': () => ({ line: matched, explanation: null }),
    });
    render(<BatchesView itemId="B100" />);
    const bank = await screen.findByRole('region', { name: 'Bank' });
    expect(await within(bank).findByRole('link', { name: /Bank line \$123\.45 posted/ })).toHaveAttribute(
      'href',
      '#/bank/2',
    );
    expect(bank).toHaveTextContent('several deposits lumped with 2 other batches');
  });
});
