/**
 * Refund and void from a transaction, a collection and a stack of checks recorded, and the writes that
 * need a person (issue 28): the confirmation is the engine's preview; only its button sends; the
 * engine's one-line refusal is shown as it is.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActResult, MethodArgs, PaymentIntent } from '../../../shared/contract';
import { TransactionsView } from '../../../renderer/src/views/transactions/TransactionsView';
import { PaymentsView } from '../../../renderer/src/views/payments/PaymentsView';
import { OverviewView } from '../../../renderer/src/views/overview/OverviewView';
import { axeFindings } from '../helpers/axe';
import { fails, useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';

function refundResult(args: MethodArgs<'payments.refund'>, state: PaymentIntent['state'] | null): ActResult {
  const amountCents = args.amount ? Math.round(Number(args.amount) * 100) : 4500;
  return {
    preview: {
      kind: 'refund',
      transactionId: args.transactionId,
      payeeId: 1,
      payeeName: 'Lincoln High',
      payerName: 'Ana Ruiz',
      method: 'CreditCard',
      saleCents: 4500,
      refundedBeforeCents: 0,
      amountCents,
      remainingAfterCents: 4500 - amountCents,
      items: [],
      needsSecondApprover: false,
    },
    intent: state === null ? null : intent({ kind: 'refund', state, amountCents, transactionId: args.transactionId }),
    transaction: null,
  };
}

function intent(overrides: Partial<PaymentIntent> = {}): PaymentIntent {
  return {
    id: 'DR-abc',
    kind: 'refund',
    state: 'unknown',
    transactionId: 5001,
    payeeId: 1,
    amountCents: 500,
    reason: 'Overpayment',
    requestedBy: 'Dana',
    requestedAt: '2026-03-07T15:00:00.000Z',
    approvedBy: null,
    approvedAt: null,
    attempts: 1,
    message: 'The answer was lost and the service could not be asked whether it happened.',
    resolvedBy: null,
    resolvedAt: null,
    updatedAt: '2026-03-07T15:00:00.000Z',
    events: [],
    ...overrides,
  };
}

const settled = () =>
  make.transactionDetail({
    transaction: make.transaction({ id: 5001, status: 'Settled', amountCents: 4500, amountRefundedCents: 0 }),
  });

describe('Refund and void', () => {
  it(
    'refunds from the transaction detail: reason, a confirmation with payer, school and what remains, then one send',
    { timeout: 30_000 },
    async () => {
      const engine = useFakeEngine({
        'transactions.get': settled,
        'payments.refund': (args) => refundResult(args, args.preview ? null : 'done'),
      });
      render(<TransactionsView itemId="5001" />);
      await userEvent.click(await screen.findByRole('button', { name: 'Refund…' }));
      const dialog = screen.getByRole('dialog', { name: 'Refund transaction 5001' });
      await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Overpayment');
      await userEvent.type(within(dialog).getByLabelText('Amount to refund'), '5.00');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));

      expect(await within(dialog).findByText('Ana Ruiz')).toBeInTheDocument();
      expect(dialog).toHaveTextContent('Lincoln High');
      expect(dialog).toHaveTextContent('Left to refund after it$40.00');
      expect(engine.callsOf('payments.refund')).toEqual([
        { transactionId: 5001, reason: 'overpayment', amount: '5.00', preview: true },
      ]);
      expect(await axeFindings(dialog)).toEqual([]);

      await userEvent.click(within(dialog).getByRole('button', { name: 'Refund $5.00' }));
      expect(await within(dialog).findByRole('status')).toHaveTextContent('Refunded $5.00 (transaction 5001).');
      expect(engine.callsOf('payments.refund')).toHaveLength(2);
      expect(engine.callsOf('payments.refund')[1]).toMatchObject({ preview: false, amount: '5.00' });
    },
  );

  it(
    '"Other" needs words before Review; the engine’s refusal is shown as it is and nothing is confirmed',
    { timeout: 30_000 },
    async () => {
      const engine = useFakeEngine({
        'transactions.get': () =>
          make.transactionDetail({
            transaction: make.transaction({ id: 5001, status: 'Pending', amountRefundedCents: 0 }),
          }),
        'payments.void': fails(
          'BAD_ARGUMENTS',
          'Transaction 5001 cannot be voided: it has settled, and only a Pending sale can be voided; refund it instead. Nothing was sent.',
        ),
      });
      render(<TransactionsView itemId="5001" />);
      await userEvent.click(await screen.findByRole('button', { name: 'Void…' }));
      const dialog = screen.getByRole('dialog', { name: 'Void transaction 5001' });
      await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Other');
      expect(within(dialog).getByRole('button', { name: 'Review' })).toBeDisabled();
      await userEvent.type(within(dialog).getByLabelText('Why (required)'), 'Parent asked');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'cannot be voided: it has settled, and only a Pending sale can be voided; refund it instead. Nothing was sent.',
      );
      expect(engine.callsOf('payments.void')).toEqual([
        { transactionId: 5001, reason: 'other', reasonText: 'Parent asked', preview: true },
      ]);
    },
  );
});

describe('Payments', () => {
  it(
    'records a stack of checks by keyboard: Enter moves on, a running total, Ctrl+Enter records each once',
    { timeout: 30_000 },
    async () => {
      const engine = useFakeEngine({
        'intents.list': () => [],
        'payees.list': () => [make.payee({ id: 7, name: 'Lincoln High' })],
        'glAccounts.list': () => [],
        'payments.collect': (args) => ({
          preview: {
            ...refundResult({ transactionId: 1, reason: 'other', preview: true }, null).preview,
            kind: 'collection',
          },
          intent: intent({
            kind: 'collection',
            state: 'done',
            transactionId: 9000 + engine.callsOf('payments.collect').length,
            amountCents: Math.round(Number(args.amount) * 100),
          }),
          transaction: null,
        }),
      });
      render(<PaymentsView />);
      await userEvent.click(screen.getByRole('button', { name: 'A stack of checks' }));
      const stack = screen.getByRole('form', { name: 'Enter a stack of checks' });
      await within(stack).findByRole('option', { name: 'Lincoln High' });
      await userEvent.selectOptions(within(stack).getByLabelText('School'), 'Lincoln High');
      await userEvent.click(screen.getByLabelText('Payer, check 1'));
      await userEvent.keyboard('Ana Ruiz{Enter}1042{Enter}25.00{Enter}');
      await waitFor(() => expect(screen.getByLabelText('Payer, check 2')).toHaveFocus());
      await userEvent.keyboard('Zoë Østergaard{Enter}1043{Enter}12.5');
      expect(screen.getByText('2 checks, total $37.50')).toBeInTheDocument();
      await userEvent.keyboard('{Control>}{Enter}{/Control}');
      await waitFor(() => expect(engine.callsOf('payments.collect')).toHaveLength(2));
      expect(engine.callsOf('payments.collect')).toEqual([
        {
          method: 'PhysicalCheck',
          payeeId: 7,
          amount: '25.00',
          payer: { name: 'Ana Ruiz' },
          checkNumber: '1042',
          preview: false,
        },
        {
          method: 'PhysicalCheck',
          payeeId: 7,
          amount: '12.5',
          payer: { name: 'Zoë Østergaard' },
          checkNumber: '1043',
          preview: false,
        },
      ]);
      expect(await screen.findByText(/Check 1043: Recorded/)).toBeInTheDocument();
    },
  );

  it(
    'Needs you counts writes in doubt and stuck, and links to where a person resolves them',
    { timeout: 30_000 },
    async () => {
      const stuckSince = new Date(Date.now() - 10 * 60_000).toISOString();
      const engine = useFakeEngine({
        'overview.get': () => make.overview({ needsYou: make.needsYou(), routine: make.routine() }),
        'intents.list': () => [
          intent(),
          intent({ id: 'DR-stuck', kind: 'collection', state: 'sending', transactionId: null, updatedAt: stuckSince }),
          intent({ id: 'DR-live', state: 'sending', updatedAt: new Date().toISOString() }),
        ],
        'intents.resolve': (args) => intent({ id: args.id, state: 'resolved' }),
      });
      render(<OverviewView />);
      const needsYou = await screen.findByRole('region', { name: 'Needs you' });
      const link = await within(needsYou).findByRole('link', { name: '2 payment writes to resolve' });
      expect(link).toHaveAttribute('href', '#/payments');
      expect(needsYou).toHaveTextContent('1 in doubt, 1 stuck while sending');

      render(<PaymentsView />);
      const list = await screen.findByRole('region', { name: 'Payment writes that need you' });
      expect(await within(list).findAllByRole('button', { name: 'Resolve…' })).toHaveLength(2);
      await userEvent.click(within(list).getAllByRole('button', { name: 'Resolve…' })[0]!);
      const dialog = screen.getByRole('dialog');
      await userEvent.click(within(dialog).getByLabelText('It happened at the service'));
      await userEvent.type(within(dialog).getByLabelText('What you saw (required)'), 'Refunded 5.00 at 9:02');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
      await waitFor(() =>
        expect(engine.callsOf('intents.resolve')).toEqual([
          { id: 'DR-abc', outcome: 'happened', note: 'Refunded 5.00 at 9:02' },
        ]),
      );
    },
  );
});
