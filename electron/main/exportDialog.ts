/**
 * Exports under Electron: the renderer calls `export.glBatches` WITHOUT `file`; main asks where to
 * save with the native save dialog and passes the chosen path to the engine. The renderer may not
 * name a path itself: a page that could write any file the user can write (a startup folder, a
 * shell profile) would turn any renderer bug into code execution. So no contract change is needed,
 * and a `file` from the renderer is refused.
 */
import { ContractError, parseCall, type ExportLayout, type Settings } from '../../shared/contract';
import type { IpcEngine } from './ipc';

export interface SaveRequest {
  defaultName: string;
  layout: ExportLayout;
  extension: string;
}

/** Returns the chosen path, or null when the user cancelled. */
export type ChooseSaveFile = (request: SaveRequest) => Promise<string | null>;

export const EXPORT_EXTENSIONS: Record<ExportLayout, string> = {
  xlsx: 'xlsx',
  'je-csv': 'csv',
  ascender: 'csv',
  // One JE file per business date (Escape imports a file as one entry), so a zip of them.
  escape: 'zip',
  iif: 'iif',
};

export function withExportSaveDialog(engine: IpcEngine, chooseFile: ChooseSaveFile): IpcEngine {
  return {
    async callUnknown(method, args) {
      if (method !== 'export.glBatches') return engine.callUnknown(method, args);
      if (args && typeof args === 'object' && ('file' in args || 'overwrite' in args)) {
        throw new ContractError(
          'FORBIDDEN',
          'In the desktop app the export file is chosen in the save dialog, not by the page.',
        );
      }
      // Validate before asking, so a bad range is reported without a pointless dialog.
      const { args: parsed } = parseCall<'export.glBatches'>(method, args);
      const layout = parsed.layout ?? ((await engine.callUnknown('settings.get', {})) as Settings).exportLayout;
      const extension = EXPORT_EXTENSIONS[layout];
      const file = await chooseFile({
        defaultName: `GL batches ${parsed.from} to ${parsed.to}.${extension}`,
        layout,
        extension,
      });
      if (!file) throw new ContractError('CANCELLED', 'Export cancelled: no file was chosen.');
      // The native dialog has already asked before replacing an existing file.
      return engine.callUnknown(method, { ...(args as object), layout, file, overwrite: true });
    },
  };
}
