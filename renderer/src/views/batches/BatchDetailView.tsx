import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ReviewBadge, VerdictBadge } from '../../components/Badges';
import { ConfirmDialog } from '../../components/Dialog';
import { DetailHead, DetailPage, Facts, moneyFact } from '../../components/Detail';
import { CheckField, NoteField, TextField } from '../../components/Fields';
import { Difference, Money } from '../../components/Money';
import { ReversalTable } from '../../components/ReversalTable';
import { useBatchReview } from '../../data/batches';
import { useAction } from '../../data/useAction';
import { reads } from '../../data/queries';
import { formatCount } from '../../format';
import { useCan, useWhyNot } from '../../hooks/useCan';
import { useShortcuts } from '../../hooks/useShortcuts';
import { navigate } from '../../routes';
import { useFilters } from '../../state/filters';
import { BatchBankPanel } from '../bank/BatchBankPanel';
import { BatchChecks } from './BatchChecks';
import { BatchHistory } from './BatchHistory';
import { PrepareDialog, PreparedLine, useSignOffHold } from './BatchPreparation';
import { BatchTransactions, GlLines } from './BatchLines';
import { keepReviewerName, openNextDeposit, useReviewerNameNeeded } from './signOffFlow';

type Dialog = 'none' | 'prepare' | 'sign' | 'unsign';

export function BatchDetailView({ id }: { id: string }) {
  const query = useQuery(reads.batch(id));
  const detail = query.data;
  const { prepare, signOff, unsign } = useBatchReview(id, detail);
  const acting = signOff.busy || unsign.busy;
  const actionError = signOff.error ?? unsign.error;
  const [dialog, setDialog] = useState<Dialog>('none');
  // Kept across a failed attempt so nothing typed is lost.
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [reviewer, setReviewer] = useState('');
  const askName = useReviewerNameNeeded();
  const keepName = useAction(keepReviewerName);
  // Working down the "Not signed off" list, a sign-off moves on to the next deposit of it.
  const [thenNext, setThenNext] = useState(() => useFilters.getState().batches.notSignedOff === true);

  const batch = detail?.batch;
  const canSign = batch !== undefined && batch.reviewState !== 'signed_off';
  const canPrepare = canSign && !detail?.preparation;
  const mayPrepare = useCan('batches.prepare');
  // Four eyes (docs/team-mode.md): said before the dialog, though the engine would refuse too.
  const hold = useSignOffHold(detail);
  // Sign-off and its withdrawal need the same role (an approver): one question answers both.
  const mayReview = useCan('batches.signOff');
  const whyNot = useWhyNot('batches.signOff');
  const open = (next: Dialog) => {
    prepare.clear();
    signOff.clear();
    unsign.clear();
    setDialog(next);
  };
  useShortcuts({
    p: () => mayPrepare && canPrepare && open('prepare'),
    s: () => mayReview && canSign && !hold && open('sign'),
    u: () => mayReview && batch?.reviewState === 'signed_off' && open('unsign'),
    Escape: () => navigate('batches'),
  });

  return (
    <DetailPage view="batches" title="Batches" item={`Batch ${id}`} query={query} loading="Loading the batch…">
      {({ batch, checks, transactions, glBatches, history, reversals, preparation }) => (
        <>
          <DetailHead
            title={`Batch ${batch.id}`}
            payee={batch.payeeName ?? `Payee ${batch.payeeId}`}
            date={batch.date}
            method={batch.paymentMethod}
          >
            <div className="detail-actions">
              <VerdictBadge verdict={batch.verdict} />
              <ReviewBadge state={batch.reviewState} />
              {mayPrepare && canPrepare && (
                <button type="button" className="button" onClick={() => open('prepare')} aria-keyshortcuts="p">
                  Mark prepared…
                </button>
              )}
              {!mayReview ? (
                <span className="hint">Sign-off: {whyNot}</span>
              ) : canSign && hold ? (
                <>
                  <button type="button" className="button button-primary" disabled aria-describedby="sign-hold">
                    Sign off…
                  </button>
                  <span className="hint" id="sign-hold">
                    {hold}
                  </span>
                </>
              ) : canSign ? (
                <button
                  type="button"
                  className="button button-primary"
                  onClick={() => open('sign')}
                  aria-keyshortcuts="s"
                >
                  Sign off…
                </button>
              ) : (
                <button type="button" className="button" onClick={() => open('unsign')} aria-keyshortcuts="u">
                  Withdraw sign-off…
                </button>
              )}
            </div>
          </DetailHead>
          {preparation && <PreparedLine preparation={preparation} />}
          {batch.reviewState === 'reopened' && batch.reopenReason && (
            <div className="banner banner-warn" role="status">
              Re-opened after sign-off: {batch.reopenReason}
            </div>
          )}
          <Facts
            facts={[
              moneyFact('Total', batch.totalCents, { strong: true }),
              moneyFact('Fees', batch.feesCents),
              moneyFact('Net', batch.partialCents),
              ['Transactions', formatCount(batch.totalCount), 'num-text'],
              [
                'Difference (total check)',
                <Difference key="difference" cents={checks.find((c) => c.name === 'total')?.differenceCents ?? 0} />,
              ],
            ]}
          />

          <section className="panel" aria-labelledby="checks-title">
            <h2 id="checks-title">Tie-out checks</h2>
            <BatchChecks checks={checks} />
          </section>
          <section className="panel" aria-labelledby="txns-title">
            <h2 id="txns-title">Transactions ({formatCount(transactions.length)})</h2>
            <BatchTransactions transactions={transactions} />
          </section>
          <section className="panel" aria-labelledby="gl-title">
            <h2 id="gl-title">GL batch lines by Chart of Accounts</h2>
            <GlLines lines={glBatches} />
          </section>
          <BatchBankPanel batchId={batch.id} />
          <section className="panel" aria-labelledby="after-title">
            <h2 id="after-title">After the deposit</h2>
            <p className="hint">
              Refunds, returns and voids after batching do not change this deposit; each is posted in the journal of the
              day it was seen.
            </p>
            <ReversalTable reversals={reversals} empty="Nothing went back after this deposit." />
          </section>
          <section className="panel" aria-labelledby="history-title">
            <h2 id="history-title">Sign-off history</h2>
            <BatchHistory history={history} />
          </section>

          <PrepareDialog
            batchId={batch.id}
            open={dialog === 'prepare'}
            action={prepare}
            onClose={() => setDialog('none')}
          />

          <ConfirmDialog
            title={`Sign off batch ${batch.id}?`}
            open={dialog === 'sign'}
            confirmLabel="Sign off"
            busy={acting || keepName.busy}
            error={keepName.error ?? actionError}
            onCancel={() => setDialog('none')}
            onConfirm={async () => {
              if (askName && !(await keepName.run(reviewer))) return;
              if (await signOff.run(note)) {
                setNote('');
                setDialog('none');
                if (thenNext) await openNextDeposit(batch.id).catch(() => undefined);
              }
            }}
          >
            <p>
              You confirm <Money cents={batch.totalCents} /> in {formatCount(batch.totalCount)} transactions
              {batch.verdict === 'ties_out' ? ', which tie out.' : '.'}
            </p>
            {batch.verdict !== 'ties_out' && (
              <p className="field-warning">
                This batch does not tie out (off by <Money cents={batch.differenceCents} /> across its checks). Say why
                in the note.
              </p>
            )}
            {askName && (
              <TextField
                label="Your name, as the reviewer"
                value={reviewer}
                onChange={setReviewer}
                required
                maxLength={100}
                autoComplete="name"
                hint="Asked once: it is kept in Settings, where you can change it."
              />
            )}
            <NoteField label="Note (optional)" value={note} onChange={setNote} />
            <CheckField label="Then open the next deposit not signed off" checked={thenNext} onChange={setThenNext} />
          </ConfirmDialog>

          <ConfirmDialog
            title={`Withdraw the sign-off of batch ${batch.id}?`}
            open={dialog === 'unsign'}
            confirmLabel="Withdraw sign-off"
            danger
            busy={acting}
            error={actionError}
            onCancel={() => setDialog('none')}
            onConfirm={async () => {
              if (!reason.trim()) return;
              if (await unsign.run(reason.trim())) {
                setReason('');
                setDialog('none');
              }
            }}
          >
            <NoteField label="Reason (required)" value={reason} onChange={setReason} required />
          </ConfirmDialog>
        </>
      )}
    </DetailPage>
  );
}
