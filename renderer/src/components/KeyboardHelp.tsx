import { VIEWS } from '../routes';
import { Dialog } from './Dialog';

export const KEYS: Array<{ keys: string; action: string }> = [
  { keys: '?', action: 'Show this list (Esc closes it)' },
  { keys: '/', action: 'Search or filter the current list' },
  { keys: 'j / k', action: 'Next / previous row' },
  { keys: 'Enter', action: 'Open the selected row' },
  { keys: 's', action: 'Sign off the open batch (asks first)' },
  { keys: 'u', action: 'Withdraw the open batch’s sign-off (asks for a reason)' },
  { keys: 'e', action: 'Export GL batches (GL Batches view)' },
  { keys: 'a', action: 'Acknowledge all changes shown (Changes view, asks first)' },
  { keys: 'r', action: 'Sync now (Overview)' },
  { keys: 'Esc', action: 'Close a dialog or go back from a detail' },
  ...VIEWS.map((view) => ({ keys: view.key, action: `Go to ${view.title}` })),
];

export function KeyboardHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog title="Keyboard shortcuts" open={open} onClose={onClose} className="dialog-wide">
      <table className="keys-table">
        <caption className="sr-only">Keys and what they do</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {KEYS.map((row) => (
            <tr key={row.keys}>
              <td>
                <kbd>{row.keys}</kbd>
              </td>
              <td>{row.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </Dialog>
  );
}
