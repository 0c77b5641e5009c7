import { VIEWS } from '../routes';
import { columnsOf } from './columns';
import { Dialog } from './Dialog';
import { StaticTable } from './StaticTable';

type Shortcut = [keys: string, action: string];

/** Each key and what it does; then a key per view. */
const KEYS: Shortcut[] = [
  ['?', 'Show this list (Esc closes it)'],
  ['/', 'Search or filter the current list'],
  ['j / k', 'Next / previous row (on a bank line: its next / previous candidate)'],
  ['Enter', 'Open the selected row (on a bank line: confirm the candidate in focus)'],
  ['c', 'Confirm the open bank line’s match, or the candidate j / k moved to, else the best (Bank)'],
  ['p', 'Mark the open batch prepared for sign-off (asks first)'],
  ['s', 'Sign off the open batch (asks first)'],
  ['u', 'Withdraw the open batch’s sign-off; undo the open bank line’s match or explanation (both ask why)'],
  ['e', 'Export GL batches (GL Batches view); explain the open bank line (Bank)'],
  ['a', 'Acknowledge all changes shown (Changes view, asks first)'],
  ['n', 'Open the first thing that needs you (Overview)'],
  ['r', 'Sync now (Overview)'],
  ['Esc', 'Close a dialog or go back from a detail'],
  ...VIEWS.map((view): Shortcut => [view.key, `Go to ${view.title}`]),
];

const key = columnsOf<Shortcut>();
const COLUMNS = [
  key.cell('key', 'Key', ([keys]) => <kbd>{keys}</kbd>),
  key.text('action', 'Action', ([, action]) => action),
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
        getRowId={([keys]) => keys}
      />
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </Dialog>
  );
}
