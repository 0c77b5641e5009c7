import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BankLineDetail, BankSuggestion } from '../../../../shared/domain';
import { DetailPage, Facts } from '../../components/Detail';
import { Instant } from '../../components/Dates';
import { Money } from '../../components/Money';
import { StaticTable } from '../../components/StaticTable';
import { columnsOf } from '../../components/columns';
import { bankReads, useBankActions } from '../../data/bank';
import { formatCount } from '../../format';
import { useCan } from '../../hooks/useCan';
import { useShortcuts } from '../../hooks/useShortcuts';
import { hrefFor, navigate } from '../../routes';
import { ExplainDialog, ReasonDialog } from './BankDialogs';
import { BankStatusBadge, EXPLANATION_KIND_LABELS, MATCH_HOW_LABELS } from './bankLabels';
import { LineIdentityPanel } from './LineIdentityPanel';
import { SlipHeld } from './SlipHeld';

type Open = 'none' | 'explain' | 'unmatch' | 'unexplain';

type Candidate = Pick<BankSuggestion, 'batchIds' | 'transactionId' | 'slip'>;

function Held({ batchIds, transactionId, slip }: Candidate) {
  if (slip !== null) return <SlipHeld slip={slip} batchIds={batchIds} />;
  if (transactionId !== null)
    return <a href={hrefFor('transactions', transactionId)}>ACH return of transaction {transactionId}</a>;
  return (
    <>
      {batchIds.map((id, i) => (
        <span key={id}>
          {i > 0 && ', '}
          <a href={hrefFor('batches', id)}>Batch {id}</a>
        </span>
      ))}
    </>
  );
}

const gapWords = (gap: number | null) =>
  gap === null ? '' : ` · posted ${formatCount(gap)} business ${gap === 1 ? 'day' : 'days'} after`;

/** The candidates' Confirm buttons, best first: j and k move the focus along them. */
const candidateButtons = () => [...document.querySelectorAll<HTMLButtonElement>('button[data-candidate]')];

function stepCandidate(by: 1 | -1) {
  const buttons = candidateButtons();
  if (buttons.length === 0) return;
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = at === -1 ? (by === 1 ? 0 : buttons.length - 1) : Math.min(buttons.length - 1, Math.max(0, at + by));
  buttons[next]!.focus();
}

/**
 * One statement line: what it is matched to (or its candidates, best first, to confirm), its
 * explanation, and what was undone. Keys: c confirms the match, or the candidate j and k moved to
 * (the best when none), Enter confirms the candidate in focus, e explains, u undoes, Escape goes back
 * to the list; every key has its button. Number keys stay the app's view keys: a key that goes to
 * Batches on every other page must not confirm a deposit here.
 */
export function BankLineView({ id }: { id: number }) {
  const query = useQuery(bankReads.line(id));
  const actions = useBankActions();
  const [open, setOpen] = useState<Open>('none');
  const line = query.data?.line;
  const confirm = (s: Candidate) => {
    actions.confirm.clear();
    void actions.confirm.run(
      s.slip !== null
        ? { lineId: id, slipId: s.slip.id }
        : s.transactionId !== null
          ? { lineId: id, transactionId: s.transactionId }
          : { lineId: id, batchIds: s.batchIds },
    );
  };
  const canConfirmMatch = line?.match?.status === 'matched';
  // Confirming, explaining and undoing either all need a preparer: one question answers them.
  const mayWork = useCan('bank.confirm');
  const keys: Record<string, () => void> = { Escape: () => navigate('bank') };
  if (mayWork)
    Object.assign(keys, {
      c: () => {
        const focused = candidateButtons().find((button) => button === document.activeElement);
        const chosen = focused
          ? line?.suggestions.find((s) => String(s.rank) === focused.dataset.candidate)
          : undefined;
        if (canConfirmMatch && line?.match) confirm(line.match);
        else if (chosen ?? line?.suggestions[0]) confirm(chosen ?? line!.suggestions[0]!);
      },
      j: () => stepCandidate(1),
      k: () => stepCandidate(-1),
      e: () => line && !line.match && !line.explanation && setOpen('explain'),
      u: () => (line?.match ? setOpen('unmatch') : line?.explanation ? setOpen('unexplain') : undefined),
    });
  useShortcuts(keys);

  return (
    <DetailPage view="bank" title="Bank" item={`Line ${id}`} query={query} loading="Loading the bank line…">
      {(detail: BankLineDetail) => {
        const { line: l, statement } = detail;
        return (
          <>
            <div className="detail-head">
              <div>
                <h1 id="view-title">
                  <Money cents={l.amountCents} /> <span className="muted">· {l.text || 'Bank line'}</span>
                </h1>
                <p className="muted">
                  Posted {l.postedDate} · account {l.account} · from {statement.fileName}
                </p>
              </div>
              <div className="detail-actions">
                <BankStatusBadge status={l.status} />
              </div>
            </div>
            <Facts
              facts={[
                ['Amount', <Money key="amount" cents={l.amountCents} strong />],
                ['Bank’s code for the line', l.typeCode || '—'],
                ['Bank reference', l.bankReference || '—'],
                ['Imported', <Instant key="at" iso={statement.importedAt} />],
              ]}
            />
            {(actions.confirm.error || actions.confirm.busy) && (
              <p role={actions.confirm.error ? 'alert' : 'status'} className="banner banner-error">
                {actions.confirm.error ?? 'Confirming…'}
              </p>
            )}
            <MatchPanel
              detail={detail}
              onConfirm={confirm}
              onOpen={setOpen}
              busy={actions.confirm.busy}
              mayWork={mayWork}
            />
            <LineIdentityPanel detail={detail} />
            <HistoryPanel detail={detail} />
            {open === 'explain' && (
              <ExplainDialog target={{ lineId: id }} title="Explain this bank line" onClose={() => setOpen('none')} />
            )}
            {open === 'unmatch' && (
              <ReasonDialog
                title="Undo this match?"
                confirmLabel="Undo match"
                busy={actions.unmatch.busy}
                error={actions.unmatch.error}
                onConfirm={(reason) => actions.unmatch.run({ lineId: id, reason })}
                onClose={() => setOpen('none')}
              />
            )}
            {open === 'unexplain' && l.explanation && (
              <ReasonDialog
                title="Undo this explanation?"
                confirmLabel="Undo explanation"
                busy={actions.unexplain.busy}
                error={actions.unexplain.error}
                onConfirm={(reason) => actions.unexplain.run({ id: l.explanation!.id, reason })}
                onClose={() => setOpen('none')}
              />
            )}
          </>
        );
      }}
    </DetailPage>
  );
}

function MatchPanel({
  detail,
  onConfirm,
  onOpen,
  busy,
  mayWork,
}: {
  detail: BankLineDetail;
  onConfirm(s: Candidate): void;
  onOpen(open: Open): void;
  busy: boolean;
  /** False for a viewer: the line is shown, with nothing to do on it. */
  mayWork: boolean;
}) {
  const { match, suggestions, explanation } = detail.line;
  const s = columnsOf<BankSuggestion>();
  const shown = [
    s.count('rank', 'Rank', (x) => x.rank, '56px'),
    s.cell('held', 'Candidate', (x) => <Held batchIds={x.batchIds} transactionId={x.transactionId} slip={x.slip} />),
    s.text('how', 'How', (x) => MATCH_HOW_LABELS[x.how] + gapWords(x.gapDays)),
    s.cell('confirm', 'Action', (x) => (
      <button
        type="button"
        className="button button-small"
        disabled={busy}
        onClick={() => onConfirm(x)}
        data-candidate={x.rank}
        aria-keyshortcuts={x.rank === 1 ? 'c' : undefined}
      >
        Confirm {x.rank === 1 ? 'best' : `#${x.rank}`}
      </button>
    )),
  ];
  const columns = mayWork ? shown : shown.filter((column) => column.id !== 'confirm');
  return (
    <section className="panel" aria-labelledby="bank-match-title">
      <h2 id="bank-match-title">Match</h2>
      {match && (
        <>
          <p>
            <Held batchIds={match.batchIds} transactionId={match.transactionId} slip={match.slip} /> —{' '}
            {MATCH_HOW_LABELS[match.how]}
            {gapWords(match.gapDays)}.{' '}
            {match.status === 'confirmed'
              ? `Confirmed by ${match.confirmedBy ?? 'someone'}.`
              : 'Matched by the matcher, not yet confirmed.'}
          </p>
          {mayWork && (
            <div className="detail-actions">
              {match.status === 'matched' && (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy}
                  onClick={() => onConfirm(match)}
                  aria-keyshortcuts="c"
                >
                  Confirm match
                </button>
              )}
              <button type="button" className="button" onClick={() => onOpen('unmatch')} aria-keyshortcuts="u">
                Undo match…
              </button>
            </div>
          )}
        </>
      )}
      {!match && suggestions.length > 0 && (
        <>
          {mayWork && (
            <p className="hint">
              Several deposits fit this line; the best (closest date, fewest batches) is first. Press <kbd>c</kbd> to
              confirm it, or <kbd>j</kbd> / <kbd>k</kbd> to another candidate and <kbd>Enter</kbd>.
            </p>
          )}
          <StaticTable
            columns={columns}
            rows={suggestions}
            getRowId={(x) => String(x.id)}
            caption="Candidates"
            captionHidden
          />
        </>
      )}
      {explanation && (
        <>
          <p>
            Explained: <strong>{EXPLANATION_KIND_LABELS[explanation.kind]}</strong>
            {explanation.note ? ` — ${explanation.note}` : ''} (by {explanation.by}, <Instant iso={explanation.at} />
            ).
          </p>
          {mayWork && (
            <button type="button" className="button" onClick={() => onOpen('unexplain')} aria-keyshortcuts="u">
              Undo explanation…
            </button>
          )}
        </>
      )}
      {!match && !explanation && (
        <>
          {suggestions.length === 0 && <p>No deposit of this amount was made in the days before this line.</p>}
          {mayWork && (
            <button type="button" className="button" onClick={() => onOpen('explain')} aria-keyshortcuts="e">
              Explain…
            </button>
          )}
        </>
      )}
    </section>
  );
}

function HistoryPanel({ detail }: { detail: BankLineDetail }) {
  const rows = [
    ...detail.undoneMatches.map((m) => ({
      id: `m${m.id}`,
      what: `Match to ${m.transactionId !== null ? `transaction ${m.transactionId}` : m.batchIds.map((b) => `batch ${b}`).join(', ')}`,
      by: m.undoneBy,
      at: m.undoneAt,
      reason: m.undoneReason,
    })),
    ...detail.undoneExplanations.map((e) => ({
      id: `e${e.id}`,
      what: `Explanation: ${EXPLANATION_KIND_LABELS[e.kind]}${e.note ? ` (${e.note})` : ''}`,
      by: e.undone?.by ?? '',
      at: e.undone?.at ?? '',
      reason: e.undone?.reason ?? '',
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  if (rows.length === 0) return null;
  const h = columnsOf<(typeof rows)[number]>();
  return (
    <section className="panel" aria-labelledby="bank-history-title">
      <h2 id="bank-history-title">Undone</h2>
      <StaticTable
        columns={[
          h.text('what', 'What', (r) => r.what),
          h.text('by', 'Undone by', (r) => r.by),
          h.instant('at', 'When', (r) => r.at),
          h.text('reason', 'Why', (r) => r.reason),
        ]}
        rows={rows}
        getRowId={(r) => r.id}
        caption="Undone matches and explanations"
        captionHidden
      />
    </section>
  );
}
