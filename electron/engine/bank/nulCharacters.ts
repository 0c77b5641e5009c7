/**
 * A statement's text holding a NUL character (U+0000): PostgreSQL cannot store it in text (the
 * import failed with the server's own message, issue 26 item 8), and no BAI2, OFX or CSV field means
 * anything by it. Padding after the last record (fixed-length exports pad with NUL) is dropped; a NUL
 * within the records is damage, refused in one line naming the file's line.
 */
import { ContractError } from '../../../shared/contract';

export function withoutNulPadding(fileName: string, text: string): string {
  const at = text.indexOf('\u0000');
  if (at < 0) return text;
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0) end--;
  const records = text.slice(0, end);
  const inside = records.indexOf('\u0000');
  if (inside < 0) return records;
  let line = 1;
  for (let i = records.indexOf('\n'); i >= 0 && i < inside; i = records.indexOf('\n', i + 1)) line++;
  throw new ContractError(
    'BAD_ARGUMENTS',
    `${fileName.slice(0, 200)} line ${line}: holds a NUL character (U+0000), which no statement text can hold; the file may be damaged: download it from the bank again`,
  );
}
