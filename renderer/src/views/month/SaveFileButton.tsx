/**
 * A button that asks the engine for a file (the auditor's packet, the district workbook) and hands
 * its bytes to the browser as a download: in browser mode the browser saves it; in the desktop app
 * Electron asks where with its save dialog. The engine writes no path for the page.
 */
import { useAction } from '../../data/useAction';
import { Outcome } from '../../components/Status';

export interface FileToSave {
  fileName: string;
  base64: string;
  mimeType: string;
  /** What to say once it is handed over: "Saved …". */
  saved: string;
}

function handOver(file: FileToSave): void {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.click();
  // Revoked later: the download reads the URL after this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function SaveFileButton({ label, fetchFile }: { label: string; fetchFile: () => Promise<FileToSave> }) {
  const save = useAction(async () => {
    const file = await fetchFile();
    handOver(file);
    return file;
  });
  return (
    <div className="save-file">
      <button type="button" className="button" disabled={save.busy} onClick={() => void save.run(undefined)}>
        {save.busy ? `${label}…` : label}
      </button>
      <Outcome action={save} ok={save.result?.saved} />
    </div>
  );
}
