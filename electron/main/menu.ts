/**
 * The native menu. Its actions reach the app WITHOUT widening the preload (which exposes the
 * contract and nothing else): "Sync now" calls the engine directly (`sync.start`; progress reaches
 * the renderer as the usual contract events), and every view change is a same-document navigation
 * of the main window to `#/<view>`, which the renderer already routes on. A renderer bug therefore
 * cannot fake a menu command, and there is no "command" channel to secure.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { VIEWS } from '../../shared/views';

export interface MenuActions {
  syncNow(): void;
  showView(view: string): void;
  openHelp(): void;
}

export function menuTemplate(actions: MenuActions, platform: NodeJS.Platform): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: 'District Recon',
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            { label: 'Settings…', accelerator: 'Cmd+,', click: () => actions.showView('settings') },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [];
  return [
    ...appMenu,
    {
      label: '&File',
      submenu: [
        { label: 'Sync Now', accelerator: 'CmdOrCtrl+R', click: () => actions.syncNow() },
        // Export needs a range and payees: it opens GL Batches, where the export is set up.
        { label: 'Export GL Batches…', accelerator: 'CmdOrCtrl+E', click: () => actions.showView('gl-batches') },
        ...(mac ? [] : [{ type: 'separator' } as const, { role: 'quit' } as const]),
      ],
    },
    {
      label: '&Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
        { type: 'separator' },
        // The renderer handles "/" itself (registering "/" here would swallow it in every text box);
        // the menu item opens the transaction search, with the usual Find shortcut.
        { label: 'Find Transactions… (/)', accelerator: 'CmdOrCtrl+F', click: () => actions.showView('transactions') },
      ],
    },
    {
      label: '&View',
      submenu: [
        ...VIEWS.map((view): MenuItemConstructorOptions => ({
          label: view.title,
          // CmdOrCtrl+0 is the zoom reset below: the tenth view keeps its bare key in the window only.
          accelerator: view.key === '0' ? undefined : `CmdOrCtrl+${view.key}`,
          click: () => actions.showView(view.id),
        })),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      label: '&Help',
      submenu: [{ label: 'District Recon Help', accelerator: 'F1', click: () => actions.openHelp() }],
    },
  ];
}
