/**
 * Team mode's four eyes in a deposit's detail (docs/team-mode.md "Roles"): who prepared it, the
 * dialog that marks it prepared, and why a sign-off must wait when the district requires an
 * approver other than the preparer. The engine refuses such a sign-off anyway; saying so before
 * the dialog spares the approver a refusal.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_REVIEWER } from '../../../../shared/contract';
import type { BatchDetail, Preparation } from '../../../../shared/domain';
import { Instant } from '../../components/Dates';
import { ConfirmDialog } from '../../components/Dialog';
import { NoteField } from '../../components/Fields';
import type { Action } from '../../data/useAction';
import { reads } from '../../data/queries';
import { useSignedInName } from '../../hooks/useCan';

export function PreparedLine({ preparation }: { preparation: Preparation }) {
  return (
    <p className="prepared-line" data-testid="prepared-line">
      Prepared by <strong>{preparation.by}</strong> on <Instant iso={preparation.at} />
      {preparation.note && ` (${preparation.note})`}
    </p>
  );
}

/**
 * Why this user cannot sign this deposit off yet, or null. Who "this user" is follows the engine:
 * the signed-in user on a server, else the reviewer named in Settings.
 */
export function useSignOffHold(detail: BatchDetail | undefined): string | null {
  const settings = useQuery(reads.settings()).data;
  const signedIn = useSignedInName();
  if (!detail || !settings?.requireSeparateApprover || detail.batch.reviewState === 'signed_off') return null;
  const me = signedIn ?? (settings.reviewerName.trim() || DEFAULT_REVIEWER);
  const preparation = detail.preparation;
  if (!preparation) {
    return 'Not prepared yet. This district requires a preparer to mark a deposit prepared before someone else signs it off.';
  }
  if (preparation.by.toLowerCase() === me.toLowerCase()) {
    return 'You prepared this deposit. This district requires a different approver to sign it off.';
  }
  return null;
}

export function PrepareDialog(props: {
  batchId: string;
  open: boolean;
  action: Action<string, BatchDetail>;
  onClose(): void;
}) {
  const { action } = props;
  // Kept across a failed attempt so nothing typed is lost.
  const [note, setNote] = useState('');
  return (
    <ConfirmDialog
      title={`Mark batch ${props.batchId} prepared?`}
      open={props.open}
      confirmLabel="Mark prepared"
      busy={action.busy}
      error={action.error}
      onCancel={props.onClose}
      onConfirm={async () => {
        if (await action.run(note)) {
          setNote('');
          props.onClose();
        }
      }}
    >
      <p>You say its tie-out checks are right as they stand now. If they change, it must be marked prepared again.</p>
      <NoteField label="Note (optional)" value={note} onChange={setNote} />
    </ConfirmDialog>
  );
}
