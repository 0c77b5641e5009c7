/** The bank side's two questions: what an unmatched line or batch is (a kind and a note), and why undo. */
import { useState } from 'react';
import { BANK_EXPLANATION_KINDS, type BankExplanationKind } from '../../../../shared/domain';
import { ConfirmDialog } from '../../components/Dialog';
import { ChoiceField, NoteField, optionsOf } from '../../components/Fields';
import { useBankActions } from '../../data/bank';
import { EXPLANATION_KIND_LABELS } from './bankLabels';

export function ExplainDialog({
  target,
  title,
  onClose,
}: {
  target: { lineId: number } | { batchId: string };
  title: string;
  onClose(): void;
}) {
  const { explain } = useBankActions();
  const [kind, setKind] = useState<BankExplanationKind>('processor_fee');
  const [note, setNote] = useState('');
  return (
    <ConfirmDialog
      title={title}
      open
      confirmLabel="Explain"
      busy={explain.busy}
      error={explain.error}
      onCancel={onClose}
      onConfirm={async () => {
        if (await explain.run({ ...target, kind, note })) onClose();
      }}
    >
      <ChoiceField
        label="What it is"
        value={kind}
        options={optionsOf(BANK_EXPLANATION_KINDS, (k) => EXPLANATION_KIND_LABELS[k])}
        onChange={(value) => setKind(value as BankExplanationKind)}
      />
      <NoteField
        label={kind === 'other' ? 'Note (required)' : 'Note (optional)'}
        value={note}
        onChange={setNote}
        required={kind === 'other'}
      />
    </ConfirmDialog>
  );
}

/** Undoing a match or an explanation: the reason is kept with who and when. */
export function ReasonDialog({
  title,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm(reason: string): Promise<boolean>;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      title={title}
      open
      danger
      confirmLabel={confirmLabel}
      busy={busy}
      error={error}
      onCancel={onClose}
      onConfirm={async () => {
        if (await onConfirm(reason)) onClose();
      }}
    >
      <NoteField label="Reason (kept with the line)" value={reason} onChange={setReason} required />
    </ConfirmDialog>
  );
}
