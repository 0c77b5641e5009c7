/**
 * A stack of checks in one form, by keyboard only: one row per check (payer, check number, amount),
 * Enter in a row's last field opens the next row, a running total below. "Record" sends them one at a
 * time (each once, each its own intent) and says per row what came of it; rows recorded leave the
 * form, rows refused stay with the engine's reason beside them.
 */
import { useRef, useState } from 'react';
import { parseCents } from '../../../../shared/money';
import { bridge } from '../../bridge';
import { ChoiceField, Form } from '../../components/Fields';
import { describeError } from '../../errors';
import { formatMoney } from '../../format';
import { collectArgs } from './CollectionForm';
import { outcomeWords } from './outcome';
import { useCollectionChoices } from './useCollectionChoices';

interface CheckRow {
  key: number;
  payerName: string;
  checkNumber: string;
  amount: string;
  problem: string | null;
}

let nextKey = 1;
const emptyRow = (): CheckRow => ({ key: nextKey++, payerName: '', checkNumber: '', amount: '', problem: null });
const isBlank = (row: CheckRow) => !row.payerName.trim() && !row.checkNumber.trim() && !row.amount.trim();

/** The rows' total, counting only amounts that read as money. */
export function runningTotalCents(rows: ReadonlyArray<Pick<CheckRow, 'amount'>>): number {
  return rows.reduce((sum, row) => {
    try {
      return sum + (row.amount.trim() ? parseCents(row.amount.trim(), 'amount') : 0);
    } catch {
      return sum;
    }
  }, 0);
}

export function CheckBatchForm() {
  const [payeeId, setPayeeId] = useState('');
  const [glAccountNumber, setGlAccountNumber] = useState('');
  const [rows, setRows] = useState<CheckRow[]>(() => [emptyRow()]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string[]>([]);
  const table = useRef<HTMLTableSectionElement>(null);
  const { payeeOptions, accountOptions } = useCollectionChoices();

  const edit = (key: number, patch: Partial<CheckRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch, problem: null } : row)));

  function addRowAfter(index: number) {
    if (index < rows.length - 1) {
      table.current?.querySelectorAll('tr')[index + 1]?.querySelector('input')?.focus();
      return;
    }
    setRows((current) => [...current, emptyRow()]);
    // Focus once the row is on the page.
    requestAnimationFrame(() => table.current?.querySelector<HTMLInputElement>('tr:last-child input')?.focus());
  }

  async function recordAll() {
    setBusy(true);
    const outcomes: string[] = [];
    const left: CheckRow[] = [];
    for (const row of rows.filter((r) => !isBlank(r))) {
      try {
        const result = await bridge.call(
          'payments.collect',
          collectArgs(
            {
              method: 'PhysicalCheck',
              payeeId,
              amount: row.amount,
              payerName: row.payerName,
              checkNumber: row.checkNumber,
              glAccountNumber,
              items: '',
              note: '',
            },
            false,
          ),
        );
        outcomes.push(`Check ${row.checkNumber || '(no number)'}: ${outcomeWords(result)}`);
        if (result.intent?.state !== 'done') left.push({ ...row, problem: outcomeWords(result) });
      } catch (error) {
        left.push({ ...row, problem: describeError(error) });
      }
    }
    setDone((previous) => [...previous, ...outcomes]);
    setRows(left.length ? left : [emptyRow()]);
    setBusy(false);
  }

  const entered = rows.filter((row) => !isBlank(row));
  return (
    <Form className="check-batch" aria-label="Enter a stack of checks" onSubmit={recordAll}>
      <div className="form-grid">
        <ChoiceField
          label="School"
          value={payeeId}
          options={payeeOptions}
          any="Choose a school"
          onChange={setPayeeId}
        />
        <ChoiceField
          label="GL account"
          value={glAccountNumber}
          options={accountOptions}
          any="None"
          onChange={setGlAccountNumber}
        />
      </div>
      <table className="table check-rows">
        <caption className="muted small">Enter in a row&rsquo;s amount opens the next row.</caption>
        <thead>
          <tr>
            <th scope="col">Payer</th>
            <th scope="col">Check number</th>
            <th scope="col">Amount</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody
          ref={table}
          onKeyDown={(event) => {
            // Enter moves on (a stray Enter must not send the stack); Ctrl+Enter records it.
            if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
            event.preventDefault();
            if (event.ctrlKey || event.metaKey) {
              event.currentTarget.closest('form')?.requestSubmit();
              return;
            }
            const inputs = [...event.currentTarget.querySelectorAll('input')];
            const at = inputs.indexOf(event.target);
            if (at === inputs.length - 1 || (at + 1) % 3 === 0) addRowAfter(Math.floor(at / 3));
            else inputs[at + 1]?.focus();
          }}
        >
          {rows.map((row, index) => (
            <tr key={row.key}>
              <td>
                <input
                  aria-label={`Payer, check ${index + 1}`}
                  value={row.payerName}
                  autoComplete="off"
                  onChange={(event) => edit(row.key, { payerName: event.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={`Check number, check ${index + 1}`}
                  value={row.checkNumber}
                  inputMode="numeric"
                  onChange={(event) => edit(row.key, { checkNumber: event.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={`Amount, check ${index + 1}`}
                  value={row.amount}
                  inputMode="decimal"
                  onChange={(event) => edit(row.key, { amount: event.target.value })}
                />
              </td>
              <td className="field-error">{row.problem}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="running-total" aria-live="polite">
        {entered.length} {entered.length === 1 ? 'check' : 'checks'}, total {formatMoney(runningTotalCents(entered))}
      </p>
      {done.length > 0 && (
        <ul className="payment-outcome" role="status">
          {done.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy || entered.length === 0}>
          {busy ? 'Sending…' : `Record ${entered.length} ${entered.length === 1 ? 'check' : 'checks'}`}
        </button>
        <span className="muted small">Ctrl+Enter records them.</span>
      </div>
    </Form>
  );
}
