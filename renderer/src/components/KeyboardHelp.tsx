import { VIEWS } from '../routes';
import { columnsOf } from './columns';
import { Dialog } from './Dialog';
import { StaticTable } from './StaticTable';

export const KEYS: Array<{ keys: string; action: string }> = [
  { keys: '?', action: 'Show this list (Esc closes it)' },
  { keys: '/', action: 'Search or filter the current list' },
  { keys: 'j / k', action: 'Next / previous row (on a bank line: its next / previous candidate)' },
  { keys: 'Enter', action: 'Open the selected row (on a bank line: confirm the candidate in focus)' },
  { keys: 'c', action: 'Confirm the open bank line’s match, or the candidate j / k moved to, else the best (Bank)' },
  { keys: 's', action: 'Sign off the open batch (asks first)' },
  {
    keys: 'u',
    action: 'Withdraw the open batch’s sign-off; undo the open bank line’s match or explanation (both ask why)',
  },
  { keys: 'e', action: 'Export GL batches (GL Batches view); explain the open bank line (Bank)' },
  { keys: 'a', action: 'Acknowledge all changes shown (Changes view, asks first)' },
  { keys: 'r', action: 'Sync now (Overview)' },
  { keys: 'Esc', action: 'Close a dialog or go back from a detail' },
  ...VIEWS.map((view) => ({ keys: view.key, action: `Go to ${view.title}` })),
];

const key = columnsOf<(typeof KEYS)[number]>();
const COLUMNS = [
  key.cell('key', 'Key', (row) => <kbd>{row.keys}</kbd>),
  key.text('action', 'Action', (row) => row.action),
];

export function KeyboardHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog title="Keyboard shortcuts" open={open} onClose={onClose} className="dialog-wide">
      <StaticTable
        className="keys-table"
        caption="Keys and what they do"
        captionHidden
        columns={COLUMNS}
        rows={KEYS}
        getRowId={(row) => row.keys}
      />
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </Dialog>
  );
}
