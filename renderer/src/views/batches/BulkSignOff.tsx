/**
 * Sign-off at scale (issue 30 item 5): with "Not signed off" chosen, the listed deposits that tie out
 * are signed off together after one confirmation with their count and total. The engine signs each
 * under its own guard (batches.signOffMany); those it leaves are named here.
 */
import { useState } from 'react';
import type { BulkSignOffResult } from '../../../../shared/contract';
import type { BatchSummary } from '../../../../shared/domain';
import { bridge } from '../../bridge';
import { ConfirmDialog } from '../../components/Dialog';
import { Money } from '../../components/Money';
import { Outcome } from '../../components/Status';
import { useAction } from '../../data/useAction';
import { formatCount } from '../../format';
import { useCan } from '../../hooks/useCan';

/** The deposits a confirmation showed, each with the revision of its checks as listed. */
interface Selection {
  deposits: Array<{ id: string; revision: string }>;
  totalCents: number;
}

export function BulkSignOff({ rows }: { rows: readonly BatchSummary[] }) {
  const mayApprove = useCan('batches.signOffMany');
  const tying = rows.filter(
    (b): b is BatchSummary & { revision: string } =>
      b.verdict === 'ties_out' && b.reviewState !== 'signed_off' && b.revision !== null,
  );
  // Taken when the confirmation opens: a list refreshed under it must not swap in revisions nobody saw.
  const [asking, setAsking] = useState<Selection | null>(null);
  const sign = useAction((deposits: Selection['deposits']) => bridge.call('batches.signOffMany', { deposits }));
  if (!mayApprove) return null;
  const result: BulkSignOffResult | undefined = sign.result;
  const count = asking?.deposits.length ?? 0;
  return (
    <div className="bulk-sign-off">
      <button
        type="button"
        className="button"
        disabled={tying.length === 0 || sign.busy}
        onClick={() =>
          setAsking({
            deposits: tying.map(({ id, revision }) => ({ id, revision })),
            totalCents: tying.reduce((sum, b) => sum + b.totalCents, 0),
          })
        }
      >
        Sign off the {formatCount(tying.length)} listed that tie out…
      </button>
      <ConfirmDialog
        title="Sign off these deposits"
        open={asking !== null}
        confirmLabel={`Sign off ${formatCount(count)}`}
        busy={sign.busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          setAsking(null);
          void sign.run(asking.deposits);
        }}
      >
        <p>
          Sign off {formatCount(count)} {count === 1 ? 'deposit' : 'deposits'},{' '}
          <Money cents={asking?.totalCents ?? 0} /> in all? Each is checked again as it is signed; any that changed
          since it was listed is left and named, even if it still ties out.
        </p>
      </ConfirmDialog>
      <Outcome action={sign} />
      {result && (
        <div role="status" className={result.left.length ? 'banner banner-warn banner-stack' : 'banner banner-ok'}>
          <p>
            Signed off {formatCount(result.signed.length)}, <Money cents={result.signedCents} />.
            {result.left.length > 0 && <> Left {formatCount(result.left.length)}, each as it was:</>}
          </p>
          {result.left.length > 0 && (
            <>
              <ul className="compact-list" aria-label="Deposits left">
                {result.left.map((l) => (
                  <li key={l.id}>{l.reason}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
