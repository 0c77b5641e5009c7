/** CSV column mappings saved by name: checked with the parser's own schema before they are kept. */
import { ContractError } from '../../../shared/contract';
import type { BankCsvMapping } from '../../../shared/domain';
import type { ReadableDB, WritableDB } from '../store/handles';
import { listMappingRows, removeMapping, saveMappingJson } from '../store/bankMappings';
import { parseCsvMapping } from './csvMapping';
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
