/**
 * Everything the CLI prints passes through here (issue 26 item 9). A payee name from the payment
 * service, a line of a bank file, a file name or an error quoting either can hold terminal control
 * sequences: ESC [ 2 J clears the screen, ESC ] 0 ; … BEL retitles the window, a carriage return or
 * a bidirectional override hides or reorders what came before. Printed raw, such a name could make
 * `check` or `bank status` show what it likes on the bookkeeper's terminal. Each such character is
 * written as its `\uXXXX` escape instead: readable, and in JSON output still valid JSON that parses
 * back to the same text. Lint (eslint.config.js) keeps the CLI's commands from writing to
 * process.stdout or process.stderr any other way.
 */

/**
 * C0 controls, DEL and C1 controls (U+009B is a one-character CSI on many terminals), and the
 * invisible marks that reorder text (Trojan Source's bidi overrides and isolates).
 */
const CONTROL = '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
const EVERY_CONTROL = new RegExp(`[${CONTROL}]`, 'g');
/** The same but the newline and tab the CLI itself puts between its lines and columns. */
const CONTROL_BUT_LAYOUT = new RegExp(`(?![\\n\\t])[${CONTROL}]`, 'g');

const escapeOne = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** One value made safe to print, newlines and tabs included (a progress line, a table cell). */
export function printable(value: string): string {
  return value.replace(EVERY_CONTROL, escapeOne);
}

/** Text made safe to print: every control character escaped but the newlines and tabs of its layout. */
export function printableText(text: string): string {
  return text.replace(CONTROL_BUT_LAYOUT, escapeOne);
}

export interface Printer {
  write(text: string): void;
}

/** The CLI's standard output: what a command reports. */
export const stdout: Printer = { write: (text) => void process.stdout.write(printableText(text)) };

/** The CLI's standard error: errors, warnings and progress. */
export const stderr: Printer = { write: (text) => void process.stderr.write(printableText(text)) };
