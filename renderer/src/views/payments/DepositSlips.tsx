/**
 * Deposit slips (DESIGN.md §12): a school's day of cash and checks counted by denomination against
 * what was recorded, over/short with its comment, verified by a second person, printed as a PDF.
 * The engine groups the collections and refuses what does not add up, in words.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DENOMINATIONS, type Denomination, type DepositSlip } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { ChoiceField, Form, TextField } from '../../components/Fields';
import { engineQuery } from '../../data/engineQuery';
import { useAction } from '../../data/useAction';
import { formatMoney } from '../../format';
import { useCollectionChoices } from './useCollectionChoices';

const slips = () => engineQuery('slips.list', {});

function piecesOf(counts: Partial<Record<Denomination, string>>): Partial<Record<Denomination, number>> {
  return Object.fromEntries(
    DENOMINATIONS.filter((d) => /^\d+$/.test(counts[d]?.trim() ?? '')).map((d) => [d, Number(counts[d])]),
  );
}

export function DepositSlips() {
  const query = useQuery(slips());
  return (
    <section className="panel" aria-labelledby="slips-title">
      <h2 id="slips-title">Deposit slips</h2>
      <SlipForm />
      {query.data && query.data.length > 0 && (
        <ul className="slip-list">
          {query.data.map((slip) => (
            <SlipLine key={slip.id} slip={slip} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SlipForm() {
  const { payeeOptions } = useCollectionChoices();
  const [payeeId, setPayeeId] = useState('');
  const [date, setDate] = useState('');
  const [counts, setCounts] = useState<Partial<Record<Denomination, string>>>({});
  const [checks, setChecks] = useState('');
  const [comment, setComment] = useState('');
  const create = useAction(() =>
    bridge.call('slips.create', {
      payeeId: Number(payeeId),
      date,
      cash: piecesOf(counts),
      ...(checks.trim() ? { countedChecks: checks.trim() } : {}),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    }),
  );
  return (
    <Form
      aria-label="Make a deposit slip"
      onSubmit={async () => {
        if (await create.run(undefined)) {
          setCounts({});
          setChecks('');
          setComment('');
        }
      }}
    >
      <div className="form-grid">
        <ChoiceField
          label="School"
          value={payeeId}
          options={payeeOptions}
          any="Choose a school"
          onChange={setPayeeId}
        />
        <TextField label="Business day" type="date" value={date} required onChange={setDate} />
        <TextField
          label="Checks counted"
          value={checks}
          inputMode="decimal"
          placeholder="as recorded"
          onChange={setChecks}
        />
      </div>
      <fieldset className="denominations">
        <legend>Cash counted (pieces)</legend>
        {DENOMINATIONS.map((d) => (
          <TextField
            key={d}
            label={`$${d}`}
            value={counts[d] ?? ''}
            inputMode="numeric"
            onChange={(value) => setCounts((current) => ({ ...current, [d]: value }))}
          />
        ))}
      </fieldset>
      <TextField label="Comment (required when over or short)" value={comment} maxLength={500} onChange={setComment} />
      {create.error && (
        <p role="alert" className="field-error">
          {create.error}
        </p>
      )}
      {create.result && (
        <p role="status">
          Slip {create.result.id}: {formatMoney(create.result.totalCents)} in {create.result.items.length}{' '}
          {create.result.items.length === 1 ? 'collection' : 'collections'}.
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={create.busy}>
          Make the slip
        </button>
      </div>
    </Form>
  );
}

function SlipLine({ slip }: { slip: DepositSlip }) {
  const verify = useAction(() => bridge.call('slips.verify', { id: slip.id }));
  const pdf = useAction(() => bridge.call('slips.pdf', { id: slip.id }));
  return (
    <li className="slip">
      <strong>
        {slip.date} · {slip.payeeName ?? `Payee ${slip.payeeId}`} · {formatMoney(slip.totalCents)}
      </strong>{' '}
      <span className="muted">
        {slip.overShortCents === 0
          ? 'counted as recorded'
          : `${slip.overShortCents > 0 ? 'over' : 'short'} ${formatMoney(Math.abs(slip.overShortCents))}: ${slip.comment}`}
        {' · '}counted by {slip.countedBy}
        {slip.verifiedBy
          ? ` · verified by ${slip.verifiedBy}${slip.onePerson ? ' (single-user: one person)' : ''}`
          : ' · not verified yet'}
      </span>
      <div className="intent-actions">
        {!slip.verifiedBy && (
          <button type="button" className="button" disabled={verify.busy} onClick={() => void verify.run(undefined)}>
            Verify {slip.id}
          </button>
        )}
        {pdf.result ? (
          <a href={`data:application/pdf;base64,${pdf.result.base64}`} download={pdf.result.fileName}>
            Save {pdf.result.fileName}
          </a>
        ) : (
          <button type="button" className="button" disabled={pdf.busy} onClick={() => void pdf.run(undefined)}>
            Print {slip.id}
          </button>
        )}
      </div>
      {(verify.error ?? pdf.error) && (
        <p role="alert" className="field-error">
          {verify.error ?? pdf.error}
        </p>
      )}
    </li>
  );
}
