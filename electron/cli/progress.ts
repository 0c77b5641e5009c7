/**
 * Progress on stderr the way a reader of either sees it best: on a terminal one line rewritten in
 * place (\r, then erase to the end of the line, so a shorter message leaves no tail of the longer
 * one); on a pipe or a file, where \r does not rewrite anything and the lines ran together
 * ("2000/3141 GL rows3141/3141 GL rows", issue 14), one line per update, and a summary line last.
 */
import { printable } from './output';

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressLine {
  update(text: string): void;
  /** The last line: a summary. On a terminal it replaces the progress line. */
  done(summary: string): void;
}

const ERASE_TO_END = '\x1b[K';

// The stream is written raw (the \r and erase above are ours); what is shown goes through printable.

export function progressLine(stream: ProgressStream = process.stderr): ProgressLine {
  const tty = stream.isTTY === true;
  let last: string | null = null;
  let open = false;
  return {
    update(shown) {
      const text = printable(shown);
      // A pipe gets each distinct state once: a log file is read, not watched.
      if (text === last) return;
      last = text;
      if (tty) {
        stream.write(`\r${text}${ERASE_TO_END}`);
        open = true;
      } else {
        stream.write(`${text}\n`);
      }
    },
    done(shown) {
      const summary = printable(shown);
      stream.write(tty && open ? `\r${summary}${ERASE_TO_END}\n` : `${summary}\n`);
      open = false;
      last = null;
    },
  };
}

import { secondsLeft } from '../../shared/estimate';

export { secondsLeft };

export function percent(done: number, total: number): string {
  return total > 0 ? `${Math.floor((done * 100) / total)}%` : '';
}

/**
 * Opening a store re-checks the deposits it lacks checks for (after an upgrade): on a big store that
 * takes a while, so a command opening one shows it. Pass `onOpenProgress` to createEngine, then call
 * `finish()` once it resolved (a summary line only when there was something to check).
 */
export function openingProgress(stream: ProgressStream = process.stderr) {
  const line = progressLine(stream);
  const started = Date.now();
  let checked = 0;
  return {
    onOpenProgress(done: number, total: number) {
      checked = total;
      const left = secondsLeft(done, total, Date.now() - started);
      line.update(
        `Checking deposits: ${done}/${total} (${percent(done, total)})${left === null ? '' : `, about ${left} s left`}`,
      );
    },
    finish() {
      if (checked > 0) line.done(`Checked ${checked} deposits in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
  };
}
