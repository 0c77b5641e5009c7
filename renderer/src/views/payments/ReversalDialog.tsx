/**
 * Refund or void one transaction (DESIGN.md §12): the reason from the short list, then a confirmation
 * the engine answers with a preview (payer, school, what is refunded and what remains), read fresh from
 * the service; only "Refund"/"Void" on that confirmation sends anything. The engine's one-line refusal
 * is shown as it is.
 */
import { useState } from 'react';
import { REASON_WORDS, REFUND_REASONS, type ActResult, type RefundReason } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { Dialog } from '../../components/Dialog';
import { CodeChoice, Form, TextField } from '../../components/Fields';
import { useAction } from '../../data/useAction';
import { formatMoney } from '../../format';
import { outcomeWords } from './outcome';

export type ReversalKind = 'refund' | 'void';

interface Request {
  reason: RefundReason;
  reasonText: string;
  amount: string;
}

function argsOf(kind: ReversalKind, transactionId: number, request: Request, preview: boolean) {
  const reasonText = request.reasonText.trim();
  const common = { transactionId, reason: request.reason, ...(reasonText ? { reasonText } : {}), preview };
  if (kind === 'void') return bridge.call('payments.void', common);
  const amount = request.amount.trim();
  return bridge.call('payments.refund', { ...common, ...(amount ? { amount } : {}) });
}

export function ReversalDialog({
  kind,
  transactionId,
  onClose,
  onDone,
}: {
  kind: ReversalKind;
  transactionId: number;
  onClose(): void;
  /** Told what came of it, in words (done, in doubt, waiting for an approver). */
  onDone(message: string): void;
}) {
  const [request, setRequest] = useState<Request>({ reason: 'duplicate_payment', reasonText: '', amount: '' });
  const preview = useAction((r: Request) => argsOf(kind, transactionId, r, true));
  const send = useAction((r: Request) => argsOf(kind, transactionId, r, false));
  const verb = kind === 'refund' ? 'Refund' : 'Void';
  const confirming = preview.result !== undefined;
  const otherWithoutText = request.reason === 'other' && request.reasonText.trim() === '';

  const edit = (patch: Partial<Request>) => {
    setRequest((current) => ({ ...current, ...patch }));
    preview.clear();
    send.clear();
  };

  return (
    <Dialog title={`${verb} transaction ${transactionId}`} open onClose={onClose}>
      {!confirming ? (
        <Form
          className="dialog-body"
          onSubmit={() => {
            if (!preview.busy && !otherWithoutText) void preview.run(request);
          }}
        >
          <CodeChoice
            label="Reason"
            values={REFUND_REASONS}
            value={request.reason}
            labelOf={(reason) => REASON_WORDS[reason]}
            onChange={(reason) => edit({ reason })}
          />
          <TextField
            label={request.reason === 'other' ? 'Why (required)' : 'Detail (optional)'}
            value={request.reasonText}
            maxLength={500}
            required={request.reason === 'other'}
            onChange={(reasonText) => edit({ reasonText })}
          />
          {kind === 'refund' && (
            <TextField
              label="Amount to refund"
              value={request.amount}
              inputMode="decimal"
              placeholder="all that is left"
              hint="Leave empty to refund everything not yet refunded."
              onChange={(amount) => edit({ amount })}
            />
          )}
          {preview.error && (
            <p role="alert" className="field-error">
              {preview.error}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" disabled={preview.busy || otherWithoutText}>
              {preview.busy ? 'Reading it from the service…' : 'Review'}
            </button>
          </div>
        </Form>
      ) : (
        <Form
          className="dialog-body"
          onSubmit={async () => {
            if (send.busy) return;
            if (await send.run(request)) return;
          }}
        >
          <Confirmation result={preview.result!} reason={request} />
          {send.result && (
            <p role="status" className="dialog-outcome">
              {outcomeWords(send.result)}
            </p>
          )}
          {send.error && (
            <p role="alert" className="field-error">
              {send.error}
            </p>
          )}
          <div className="dialog-actions">
            {send.result ? (
              <button
                type="button"
                className="button button-primary"
                data-autofocus
                onClick={() => onDone(outcomeWords(send.result!))}
              >
                Close
              </button>
            ) : (
              <>
                <button type="button" className="button" onClick={() => preview.clear()}>
                  Back
                </button>
                <button type="submit" className="button button-danger" disabled={send.busy} data-autofocus>
                  {send.busy ? 'Sending…' : `${verb} ${formatMoney(preview.result!.preview.amountCents)}`}
                </button>
              </>
            )}
          </div>
        </Form>
      )}
    </Dialog>
  );
}

function Confirmation({ result, reason }: { result: ActResult; reason: Request }) {
  const p = result.preview;
  const rows: Array<[string, string]> = [
    ['Payer', p.payerName ?? '—'],
    ['School', p.payeeName ?? `Payee ${p.payeeId}`],
    ['Sale', p.saleCents === null ? '—' : formatMoney(p.saleCents)],
  ];
  if (p.kind === 'refund') {
    rows.push(['Refunded before', formatMoney(p.refundedBeforeCents ?? 0)]);
    rows.push(['This refund', formatMoney(p.amountCents)]);
    rows.push(['Left to refund after it', formatMoney(p.remainingAfterCents ?? 0)]);
  } else rows.push(['Voided', `${formatMoney(p.amountCents)} (nothing remains)`]);
  rows.push([
    'Reason',
    `${REASON_WORDS[reason.reason]}${reason.reasonText.trim() ? `: ${reason.reasonText.trim()}` : ''}`,
  ]);
  return (
    <>
      <dl className="facts facts-grid confirmation">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {p.items.length > 0 && (
        <ul className="confirmation-items">
          {p.items.map((item) => (
            <li key={item.id ?? item.name}>
              {item.name ?? item.id}: {formatMoney(item.amountCents)}
            </li>
          ))}
        </ul>
      )}
      {p.needsSecondApprover && (
        <p className="muted" role="note">
          Above the district&rsquo;s threshold: this asks a second approver, and nothing is sent until one approves.
        </p>
      )}
    </>
  );
}
