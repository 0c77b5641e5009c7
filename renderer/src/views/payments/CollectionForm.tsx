/**
 * "Record a collection": one cash or check payment a school office took, entered as the virtual
 * terminal takes it (DESIGN.md §12). Review asks the engine for its confirmation (checked by the
 * service's rules; nothing sent); Record sends it once. Items are "name = amount" lines.
 */
import { useState } from 'react';
import type { MethodArgs } from '../../../../shared/contract';
import { COLLECTION_METHODS, type CollectionMethod } from '../../../../shared/act/collection';
import { bridge } from '../../bridge';
import { ChoiceField, CodeChoice, Form, NoteField, TextField } from '../../components/Fields';
import { useAction } from '../../data/useAction';
import { formatMoney } from '../../format';
import { outcomeWords } from './outcome';
import { useCollectionChoices } from './useCollectionChoices';

export const METHOD_WORDS: Record<CollectionMethod, string> = { Cash: 'Cash', PhysicalCheck: 'Check' };

interface Draft {
  method: CollectionMethod;
  payeeId: string;
  amount: string;
  payerName: string;
  checkNumber: string;
  glAccountNumber: string;
  items: string;
  note: string;
}

const EMPTY: Draft = {
  method: 'Cash',
  payeeId: '',
  amount: '',
  payerName: '',
  checkNumber: '',
  glAccountNumber: '',
  items: '',
  note: '',
};

/** "Field trip = 20.00" per line; a line without "=" is left for the engine to name. */
export function itemsOf(text: string): NonNullable<MethodArgs<'payments.collect'>['items']> {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.lastIndexOf('=');
      return at === -1
        ? { name: line, amount: '' }
        : { name: line.slice(0, at).trim(), amount: line.slice(at + 1).trim() };
    });
}

export function collectArgs(draft: Draft, preview: boolean): MethodArgs<'payments.collect'> {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  const items = itemsOf(draft.items);
  return {
    method: draft.method,
    payeeId: Number(draft.payeeId),
    amount: draft.amount.trim(),
    payer: { name: draft.payerName },
    ...(draft.method === 'PhysicalCheck' && optional(draft.checkNumber)
      ? { checkNumber: optional(draft.checkNumber) }
      : {}),
    ...(optional(draft.glAccountNumber) ? { glAccountNumber: optional(draft.glAccountNumber) } : {}),
    ...(items.length ? { items } : {}),
    ...(optional(draft.note) ? { note: optional(draft.note) } : {}),
    preview,
  };
}

export function CollectionForm() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const { payeeOptions, accountOptions } = useCollectionChoices();
  const preview = useAction((d: Draft) => bridge.call('payments.collect', collectArgs(d, true)));
  const send = useAction((d: Draft) => bridge.call('payments.collect', collectArgs(d, false)));
  const edit = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    preview.clear();
  };
  const p = preview.result?.preview;

  return (
    <Form
      className="collection-form"
      aria-label="Record a collection"
      onSubmit={async () => {
        if (!p) {
          send.clear();
          await preview.run(draft);
        } else if (await send.run(draft)) {
          setDraft({ ...EMPTY, method: draft.method, payeeId: draft.payeeId, glAccountNumber: draft.glAccountNumber });
          preview.clear();
        }
      }}
    >
      <div className="form-grid">
        <CodeChoice
          label="Method"
          values={COLLECTION_METHODS}
          value={draft.method}
          labelOf={(method) => METHOD_WORDS[method]}
          onChange={(method) => edit({ method })}
        />
        <ChoiceField
          label="School"
          value={draft.payeeId}
          options={payeeOptions}
          any="Choose a school"
          onChange={(payeeId) => edit({ payeeId })}
        />
        <TextField
          label="Amount"
          value={draft.amount}
          inputMode="decimal"
          required
          onChange={(amount) => edit({ amount })}
        />
        <TextField
          label="Payer"
          value={draft.payerName}
          required
          autoComplete="off"
          hint="First and last name, as on the check."
          onChange={(payerName) => edit({ payerName })}
        />
        {draft.method === 'PhysicalCheck' && (
          <TextField
            label="Check number"
            value={draft.checkNumber}
            inputMode="numeric"
            onChange={(checkNumber) => edit({ checkNumber })}
          />
        )}
        <ChoiceField
          label="GL account"
          value={draft.glAccountNumber}
          options={accountOptions}
          any="None"
          onChange={(glAccountNumber) => edit({ glAccountNumber })}
        />
      </div>
      <NoteField
        label="Items (one per line: name = amount)"
        value={draft.items}
        onChange={(items) => edit({ items })}
      />
      <TextField label="Note" value={draft.note} maxLength={200} onChange={(note) => edit({ note })} />
      {p && (
        <p className="confirmation" role="note">
          {METHOD_WORDS[draft.method]} {formatMoney(p.amountCents)} from {p.payerName} to {p.payeeName}
          {p.items.length > 0 && ` (${p.items.map((i) => `${i.name} ${formatMoney(i.amountCents)}`).join(', ')})`}.
          Record it to send it to the service once.
        </p>
      )}
      {(preview.error ?? send.error) && (
        <p role="alert" className="field-error">
          {preview.error ?? send.error}
        </p>
      )}
      {send.result && (
        <p role="status" className="payment-outcome">
          {outcomeWords(send.result)}
        </p>
      )}
      <div className="form-actions">
        {p && (
          <button type="button" className="button" onClick={() => preview.clear()}>
            Change
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={preview.busy || send.busy}>
          {send.busy ? 'Sending…' : preview.busy ? 'Checking…' : p ? `Record ${formatMoney(p.amountCents)}` : 'Review'}
        </button>
      </div>
    </Form>
  );
}
