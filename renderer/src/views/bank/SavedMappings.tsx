/** The CSV column mappings saved so far, each deletable (a bank that changed its export gets a new one). */
import { useState } from 'react';
import type { BankCsvMapping } from '../../../../shared/domain';
import { ConfirmDialog } from '../../components/Dialog';
import { StaticTable } from '../../components/StaticTable';
import { columnsOf } from '../../components/columns';
import { useBankActions } from '../../data/bank';
import { describeMapping } from './csvMappingDraft';

export function SavedMappings({ mappings, onDeleted }: { mappings: BankCsvMapping[]; onDeleted(name: string): void }) {
  const { removeMapping } = useBankActions();
  const [deleting, setDeleting] = useState<string | null>(null);
  if (mappings.length === 0) return null;
  const m = columnsOf<BankCsvMapping>();
  const columns = [
    m.text('name', 'Name', (x) => x.name),
    m.text('columns', 'Reads', (x) => describeMapping(x)),
    m.cell('delete', 'Action', (x) => (
      <button
        type="button"
        className="button button-small"
        onClick={() => {
          removeMapping.clear();
          setDeleting(x.name);
        }}
        aria-label={`Delete the ${x.name} mapping`}
      >
        Delete…
      </button>
    )),
  ];
  return (
    <div className="bank-mappings">
      <h3 id="bank-mappings-title">Saved CSV column mappings</h3>
      <StaticTable
        columns={columns}
        rows={mappings}
        getRowId={(x) => x.name}
        labelledBy="bank-mappings-title"
        rowHeader="name"
      />
      {deleting !== null && (
        <ConfirmDialog
          title={`Delete the "${deleting}" mapping?`}
          open
          danger
          confirmLabel="Delete mapping"
          busy={removeMapping.busy}
          error={removeMapping.error}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            if (await removeMapping.run(deleting)) {
              onDeleted(deleting);
              setDeleting(null);
            }
          }}
        >
          <p>
            Statements already imported with it keep their lines. The bank&apos;s next CSV file asks for its columns
            again.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
