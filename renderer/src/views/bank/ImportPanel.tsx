import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { statementTooLarge, type BankImportSummary } from '../../../../shared/domain';
import { ChoiceField } from '../../components/Fields';
import { bankReads, readAsBase64, useBankActions, type StatementFile } from '../../data/bank';
import { formatCount } from '../../format';
import { CsvMappingDialog } from './CsvMappingDialog';
import { SavedMappings } from './SavedMappings';

const ACCEPT = '.bai,.bai2,.txt,.dat,.ofx,.qfx,.qbo,.csv';

function outcome(fileName: string, s: BankImportSummary): string {
  const head = s.alreadyImported ? `${fileName} was imported before: nothing added.` : `Imported ${fileName}.`;
  // A statement of balances only is a real statement (a quiet account's day), not a failed read.
  if (s.linesInFile === 0) return `${head} It holds balances but no transactions: no lines to add.`;
  return (
    `${head} ${formatCount(s.newLines)} lines added, ${formatCount(s.duplicatesSkipped)} duplicates skipped; ` +
    `${formatCount(s.matched)} matched, ${formatCount(s.suggested)} suggested, ${formatCount(s.unmatched)} unmatched.`
  );
}

/**
 * Import by the file dialog or by dropping a file on the panel. The file input is the keyboard way
 * (Tab to it, Enter or Space opens the dialog); dropping is the same import for a mouse. BAI2 and
 * OFX are recognised by their content; a CSV is read with the saved column mapping chosen here, and
 * with none chosen it opens the mapping form first (CsvMappingDialog), then imports with what was saved.
 */
export function ImportPanel() {
  const { importFile } = useBankActions();
  const mappings = useQuery(bankReads.mappings()).data ?? [];
  const [mapping, setMapping] = useState('');
  const [dragging, setDragging] = useState(false);
  const [file, setFile] = useState<StatementFile | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const fileIds = useRef(0);

  const [tooLarge, setTooLarge] = useState<string | null>(null);

  async function take(chosen: File | undefined) {
    if (!chosen) return;
    importFile.clear();
    // Said from the file's size before it is read: read whole, a file of hundreds of MB fails unexplained.
    const refused = statementTooLarge(chosen.name, chosen.size);
    setTooLarge(refused);
    if (refused) return;
    const content = await readAsBase64(chosen);
    if (input.current) input.current.value = '';
    const next = { id: (fileIds.current += 1), fileName: chosen.name, content };
    setFile(next);
    await importFile.run({ ...next, ...(mapping ? { mappingName: mapping } : {}) });
  }
  const outcomeNow = importFile.result;
  const summary = outcomeNow && 'summary' in outcomeNow ? outcomeNow.summary : null;
  const columns = outcomeNow && 'needsMapping' in outcomeNow ? outcomeNow.needsMapping : null;

  return (
    <section
      className={dragging ? 'panel bank-import bank-import-dragging' : 'panel bank-import'}
      aria-labelledby="bank-import-title"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        void take(event.dataTransfer.files[0]);
      }}
    >
      <h2 id="bank-import-title">Import a statement</h2>
      <p className="hint">
        BAI2, OFX/QFX or CSV from the district&apos;s bank. Choose a file or drop it here; a CSV with no mapping chosen
        asks which column holds what.
      </p>
      <div className="bank-import-fields">
        <label className="field">
          <span>Statement file</span>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            disabled={importFile.busy}
            onChange={(event) => void take(event.target.files?.[0])}
          />
        </label>
        <ChoiceField
          label="CSV column mapping"
          value={mapping}
          any={mappings.length ? 'None (BAI2, OFX, or a new CSV)' : 'None saved'}
          options={mappings.map((m) => ({ value: m.name, label: m.name }))}
          onChange={setMapping}
        />
      </div>
      {importFile.busy && (
        <p role="status" className="muted">
          Importing and matching…
        </p>
      )}
      {(tooLarge ?? importFile.error) && (
        <p role="alert" className="banner banner-error">
          {tooLarge ?? importFile.error}
        </p>
      )}
      {file && summary && (
        <p role="status" className="banner banner-ok">
          {outcome(file.fileName, summary)}
        </p>
      )}
      <SavedMappings mappings={mappings} onDeleted={(name) => name === mapping && setMapping('')} />
      {file && columns && (
        <CsvMappingDialog
          file={file}
          columns={columns}
          saved={mappings}
          onCancel={() => importFile.clear()}
          onSaved={(name) => {
            setMapping(name);
            void importFile.run({ ...file, mappingName: name });
          }}
        />
      )}
    </section>
  );
}
