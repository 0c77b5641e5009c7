/**
 * Payment writes waiting for a person (DESIGN.md §12; "Needs you" links here): in doubt (the service
 * did not say whether it happened), stuck (left "sending" by an app that stopped; the engine looks at
 * the service at its next start or write), or waiting for a second approver. A person looks at the
 * service, then resolves: it happened, or it did not, with a note. Nothing is sent from here but an
 * approval.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaymentIntent } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { ConfirmDialog } from '../../components/Dialog';
import { CheckField, NoteField } from '../../components/Fields';
import { Instant } from '../../components/Dates';
import { engineQuery } from '../../data/engineQuery';
import { useAction } from '../../data/useAction';
import { formatMoney } from '../../format';
import { hrefFor } from '../../routes';
import { isStuck, OPEN_INTENT_STATES } from './intentsNeedingYou';

export const openIntents = () => engineQuery('intents.list', { states: [...OPEN_INTENT_STATES], limit: 200 });

const KIND_WORDS = { refund: 'Refund', void: 'Void', collection: 'Collection' } as const;

function stateWords(intent: PaymentIntent, now: number): string {
  if (intent.state === 'unknown') return 'In doubt';
  if (intent.state === 'awaiting_approval') return 'Waits for a second approver';
  return isStuck(intent, now) ? 'Stuck while sending' : 'Sending';
}

export function IntentsInDoubt() {
  const query = useQuery(openIntents());
  const [resolving, setResolving] = useState<PaymentIntent | null>(null);
  const approve = useAction((id: string) => bridge.call('intents.approve', { id }));
  const now = Date.now();
  const intents = query.data ?? [];

  return (
    <section className="panel" aria-labelledby="intents-title">
      <h2 id="intents-title">Payment writes that need you</h2>
      {query.isPending ? (
        <p role="status">Loading…</p>
      ) : intents.length === 0 ? (
        <p>Nothing waits: every refund, void and collection reached the service or was refused.</p>
      ) : (
        <ul className="intent-list">
          {intents.map((intent) => (
            <li key={intent.id} className={`intent intent-${intent.state}`}>
              <div>
                <strong>
                  {stateWords(intent, now)}: {KIND_WORDS[intent.kind]}
                  {intent.amountCents !== null && ` ${formatMoney(intent.amountCents)}`}
                </strong>
                {intent.transactionId !== null && (
                  <>
                    {' '}
                    of <a href={hrefFor('transactions', intent.transactionId)}>transaction {intent.transactionId}</a>
                  </>
                )}
                <span className="muted">
                  {' '}
                  · {intent.requestedBy}, <Instant iso={intent.requestedAt} /> · {intent.reason} · reference{' '}
                  <code>{intent.id}</code>
                </span>
              </div>
              {intent.message && <p className="intent-message">{intent.message}</p>}
              <div className="intent-actions">
                {intent.state === 'awaiting_approval' && (
                  <button
                    type="button"
                    className="button"
                    disabled={approve.busy}
                    onClick={() => void approve.run(intent.id)}
                  >
                    Approve and send
                  </button>
                )}
                {(intent.state !== 'sending' || isStuck(intent, now)) && (
                  <button type="button" className="button" onClick={() => setResolving(intent)}>
                    {intent.state === 'awaiting_approval' ? 'Withdraw…' : 'Resolve…'}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {approve.error && (
        <p role="alert" className="field-error">
          {approve.error}
        </p>
      )}
      {resolving && <ResolveDialog intent={resolving} onClose={() => setResolving(null)} />}
    </section>
  );
}

function ResolveDialog({ intent, onClose }: { intent: PaymentIntent; onClose(): void }) {
  const [happened, setHappened] = useState(false);
  const [note, setNote] = useState('');
  const resolve = useAction(() =>
    bridge.call('intents.resolve', {
      id: intent.id,
      outcome: happened ? 'happened' : 'did_not_happen',
      note: note.trim(),
    }),
  );
  return (
    <ConfirmDialog
      title={`Resolve ${KIND_WORDS[intent.kind].toLowerCase()} ${intent.id}`}
      open
      confirmLabel="Resolve"
      busy={resolve.busy}
      error={resolve.error ?? (note.trim() ? null : 'Say what you saw at the service.')}
      onCancel={onClose}
      onConfirm={async () => {
        if (note.trim() && (await resolve.run(undefined))) onClose();
      }}
    >
      <p>
        Look at the service first (transaction {intent.transactionId ?? `with reference ${intent.id} in its data`}).
        Nothing is sent from here.
      </p>
      <CheckField label="It happened at the service" checked={happened} onChange={setHappened} />
      <NoteField label="What you saw (required)" value={note} onChange={setNote} required />
    </ConfirmDialog>
  );
}
