/**
 * A school's month (DESIGN.md §13): the checklist at the top, each open thing one click from where
 * it is fixed; then the figures, the trail, and submit, close or re-open as the month's state and the
 * signed-in role allow.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MONTH_STATE_WORDS, type ChecklistItem, type MonthState, type MonthStatus } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { Money } from '../../components/Money';
import { Outcome, QueryStatus } from '../../components/Status';
import { engineQuery } from '../../data/engineQuery';
import { usePayees } from '../../data/queries';
import { useAction } from '../../data/useAction';
import { formatBusinessDate, formatCount } from '../../format';
import { useCan, useWhyNot } from '../../hooks/useCan';
import { hrefFor } from '../../routes';
import { monthHref } from './monthRoute';
import { SaveFileButton } from './SaveFileButton';
import { useShownMonth } from './useShownMonth';
import './month.css';

/** What a month's status is read from: every domain whose changes can move an item. */
export const monthReads = ['batches', 'bank', 'changes', 'exports', 'intents', 'glAccounts', 'glBatches'] as const;

export const STATE_WORDS: Record<MonthState, string> = MONTH_STATE_WORDS;

function ChecklistEntry({ item }: { item: ChecklistItem }) {
  return (
    <li className={item.met ? 'check-met' : 'check-open'}>
      <span className="check-mark" aria-hidden="true">
        {item.met ? '✓' : '✗'}
      </span>
      <span>
        {item.title}
        {item.met ? <span className="sr-only"> (done)</span> : <strong>: {formatCount(item.open)} open</strong>}
      </span>
      {!item.met && (
        <ul className="check-things">
          {item.firstOpen.map((thing) => (
            <li key={`${thing.link.view}/${thing.link.itemId ?? ''}/${thing.label}`}>
              <a href={hrefFor(thing.link.view, thing.link.itemId)}>{thing.label}</a>
            </li>
          ))}
          {item.open > item.firstOpen.length && (
            <li className="muted">and {formatCount(item.open - item.firstOpen.length)} more</li>
          )}
        </ul>
      )}
    </li>
  );
}

/**
 * An action's "done" banner, shown while the month is still in the state the action left it in. The
 * page's status follows data.changed (another person's close, in another browser, refreshes it), but
 * an action's result is this page's own and would otherwise say "Submitted" under a closed month.
 */
function whileStill(action: { result: MonthStatus | undefined }, status: MonthStatus, words: string) {
  return action.result?.state === status.state ? words : undefined;
}

function MonthActions({ status }: { status: MonthStatus }) {
  const args = { month: status.month, payeeId: status.payeeId };
  const submit = useAction(() => bridge.call('month.submit', args));
  const close = useAction(() => bridge.call('month.close', args));
  const reopen = useAction((reason: string) => bridge.call('month.reopen', { ...args, reason }));
  const [reason, setReason] = useState('');
  const maySubmit = useCan('month.submit');
  const mayClose = useCan('month.close');
  const mayReopen = useCan('month.reopen');
  const whyNotReopen = useWhyNot('month.reopen');
  const busy = submit.busy || close.busy || reopen.busy;
  return (
    <div className="month-actions">
      {status.state === 'ready' && maySubmit && (
        <button type="button" className="button" disabled={busy} onClick={() => void submit.run(undefined)}>
          Submit for approval
        </button>
      )}
      {status.state !== 'closed' && mayClose && (
        <button
          type="button"
          className="button button-primary"
          disabled={busy || status.state === 'open'}
          onClick={() => void close.run(undefined)}
        >
          Close the month
        </button>
      )}
      {status.state === 'closed' &&
        (mayReopen ? (
          <form
            className="reopen-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (reason.trim()) void reopen.run(reason.trim());
            }}
          >
            <label className="field">
              Why re-open it
              <input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={2000} />
            </label>
            <button type="submit" className="button" disabled={busy || !reason.trim()}>
              Re-open
            </button>
          </form>
        ) : (
          <p className="muted" role="note">
            Re-opening a closed month: {whyNotReopen}
          </p>
        ))}
      <SaveFileButton
        label={status.state === 'closed' ? "Print the auditor's packet" : "Print the auditor's packet (DRAFT)"}
        fetchFile={async () => {
          const packet = await bridge.call('month.packet', args);
          return {
            fileName: packet.fileName,
            base64: packet.pdfBase64,
            mimeType: 'application/pdf',
            saved: `${packet.fileName}${packet.draft ? ' (DRAFT: the month is not closed)' : ''}, SHA-256 ${packet.sha256}.`,
          };
        }}
      />
      <Outcome action={submit} ok={whileStill(submit, status, 'Submitted for an approver to close.')} />
      <Outcome action={close} ok={whileStill(close, status, 'Closed. The month is locked.')} />
      <Outcome action={reopen} ok={whileStill(reopen, status, 'Re-opened; the reason is kept with the month.')} />
    </div>
  );
}

export function MonthView({ itemId }: { itemId: string | null }) {
  const payees = usePayees();
  const { month, choose, info } = useShownMonth();
  const payeeId = itemId && /^\d+$/.test(itemId) ? Number(itemId) : (payees[0]?.id ?? null);
  const query = useQuery({
    ...engineQuery('month.status', { month: month ?? '', payeeId: payeeId ?? 1 }, monthReads),
    enabled: payeeId !== null && month !== null,
  });
  const status = query.data;
  const go = (nextMonth: string, nextPayee: number | null) => {
    choose(nextMonth);
    window.location.hash = monthHref(nextMonth, nextPayee);
  };
  const open = status?.checklist.filter((i) => !i.met).length ?? 0;

  return (
    <section aria-labelledby="view-title" className="view">
      <div className="view-head">
        <h1 id="view-title">Month</h1>
        <div className="month-pickers">
          <label className="field">
            Month
            <input type="month" value={month ?? ''} onChange={(e) => e.target.value && go(e.target.value, payeeId)} />
          </label>
          <label className="field">
            School
            <select
              value={payeeId ?? ''}
              disabled={month === null}
              onChange={(e) => month && go(month, Number(e.target.value))}
            >
              {payees.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          {month && <a href={monthHref(month)}>All schools</a>}
        </div>
      </div>
      {/* Without the engine's today there is no month to show. */}
      {month === null && info.error ? (
        <QueryStatus query={info} loading="" />
      ) : (
        <QueryStatus query={query} loading="Loading the month's checklist…" />
      )}
      {status && (
        <>
          <section aria-labelledby="checklist-title" className="panel">
            <h2 id="checklist-title">
              Checklist: {STATE_WORDS[status.state]}
              {status.state === 'open' && ` (${formatCount(open)} item${open === 1 ? '' : 's'} open)`}
            </h2>
            <ul className="checklist">
              {status.checklist.map((item) => (
                <ChecklistEntry key={item.item} item={item} />
              ))}
            </ul>
            {status.exceptions.length > 0 && (
              <ul className="month-exceptions" aria-label="Changed after a close">
                {status.exceptions.map((e) => (
                  <li key={`${e.batchId}/${e.seenAt}`}>
                    <a href={hrefFor(e.link.view, e.link.itemId)}>{e.detail}</a>
                  </li>
                ))}
              </ul>
            )}
            <MonthActions status={status} />
          </section>
          <section aria-labelledby="figures-title" className="panel">
            <h2 id="figures-title">The month in figures</h2>
            <dl className="month-figures">
              <dt>Deposits</dt>
              <dd>
                {formatCount(status.figures.deposits)}, <Money cents={status.figures.depositCents} />
              </dd>
              <dt>Signed off</dt>
              <dd>
                {formatCount(status.figures.signedOff)} of {formatCount(status.figures.deposits)}
              </dd>
              <dt>Bank matched</dt>
              <dd>
                {formatCount(status.figures.bankMatched)}, <Money cents={status.figures.bankMatchedCents} />
              </dd>
              <dt>In transit at month end</dt>
              <dd>
                {formatCount(status.figures.inTransit)}, <Money cents={status.figures.inTransitCents} />
              </dd>
              <dt>Difference</dt>
              <dd>
                <Money cents={status.figures.differenceCents} />
              </dd>
              <dt>Due</dt>
              <dd>
                {formatBusinessDate(status.deadline)}
                {status.daysPastDeadline > 0 && `, ${formatCount(status.daysPastDeadline)} days late`}
              </dd>
            </dl>
            {status.closedBy && (
              <p>
                Closed by {status.closedBy}
                {status.selfApproved ? ' (self-approved: one person prepared and closed it)' : ''}
                {status.submittedBy && !status.selfApproved ? `, submitted by ${status.submittedBy}` : ''}.
              </p>
            )}
          </section>
        </>
      )}
    </section>
  );
}
