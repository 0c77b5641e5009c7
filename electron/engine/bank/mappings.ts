/** CSV column mappings saved by name: checked with the parser's own schema before they are kept. */
import { ContractError } from '../../../shared/contract';
import type { BankCsvMapping, BankCsvPreview } from '../../../shared/domain';
import type { ReadableDB, WritableDB } from '../store/work';
import { listMappingRows, removeMapping, saveMappingJson } from '../store/bank';
import { parseCsv, readCsvHeader } from './csv';
import { csvMappingSchema, parseCsvMapping } from './csvMapping';
import { decodeStatementBytes, detectStatementFormat } from './detect';
import { withoutNulPadding } from './nulCharacters';
import { BankStatementError } from './types';

export async function listMappings(reader: ReadableDB): Promise<BankCsvMapping[]> {
  return (await listMappingRows(reader)).map((row) => JSON.parse(row.mapping) as BankCsvMapping);
}

export async function saveMapping(
  writer: WritableDB,
  input: unknown,
  actor: { by: string; at: string },
): Promise<BankCsvMapping[]> {
  let mapping: BankCsvMapping;
  try {
    mapping = parseCsvMapping(input);
  } catch (error) {
    if (error instanceof BankStatementError) throw new ContractError('BAD_ARGUMENTS', error.message);
    throw error;
  }
  await saveMappingJson(writer, {
    name: mapping.name,
    mapping: JSON.stringify(mapping),
    savedAt: actor.at,
    savedBy: actor.by,
  });
  return listMappings(writer);
}

export async function deleteMapping(writer: WritableDB, name: string): Promise<BankCsvMapping[]> {
  if (!(await removeMapping(writer, name))) {
    throw new ContractError('NOT_FOUND', `No CSV column mapping is saved as "${name}".`);
  }
  return listMappings(writer);
}

/** Stands in for the name while the bookkeeper has not typed one: the preview needs none. */
const UNNAMED = 'New mapping';

/**
 * A statement file read with a mapping that is not saved yet: what the file is, its header's columns,
 * and its first lines or the one-line reason it cannot be read that way (the same parser as the
 * import, so what the form shows is what the import will do). Stores nothing.
 */
export function previewMapping(
  file: { fileName: string; content: string; encoding: 'text' | 'base64' },
  input: Record<string, unknown>,
  limit: number,
): BankCsvPreview {
  const text = withoutNulPadding(
    file.fileName,
    file.encoding === 'base64' ? decodeStatementBytes(Buffer.from(file.content, 'base64')) : file.content,
  );
  const format = detectStatementFormat(file.fileName, text);
  const preview: BankCsvPreview = { format, columns: [], lines: [], lineCount: 0, error: null };
  if (format !== 'csv') return preview;
  const named = typeof input.name === 'string' && input.name.trim() !== '' ? input : { ...input, name: UNNAMED };
  // The columns come first and from the layout alone, so the form can offer them before any is chosen.
  const layout = csvMappingSchema
    .pick({ delimiter: true, skipLines: true })
    .safeParse({ delimiter: named.delimiter, skipLines: named.skipLines });
  try {
    preview.columns = readCsvHeader(text, layout.success ? layout.data : { delimiter: ',', skipLines: 0 });
    const lines = parseCsv(text, parseCsvMapping(named)).lines;
    preview.lineCount = lines.length;
    preview.lines = lines.slice(0, limit).map((line) => ({
      lineNumber: line.lineNumber,
      account: line.account,
      postedDate: line.postedDate,
      amountCents: line.amountCents,
      typeCode: line.typeCode,
      bankReference: line.bankReference,
      text: line.text,
    }));
  } catch (error) {
    if (!(error instanceof BankStatementError)) throw error;
    preview.error = error.message;
  }
  return preview;
}
