import { DISTRICT_NAME_UNSET, districtNameProblem } from '../../../../shared/contract';
import { TextField } from '../../components/Fields';

export type DistrictNameReading = { name: string | null; error: null } | { name: null; error: string };

/**
 * The district's name as typed, trimmed: an empty field leaves it unset (the packets print the
 * neutral default); spaces alone, more than 120 characters or a control character are said in one
 * line (the engine's own rule, shared/contract/args.ts), and nothing is saved.
 */
export function readDistrictName(text: string): DistrictNameReading {
  if (text === '') return { name: null, error: null };
  const name = text.trim();
  const problem = districtNameProblem(name);
  if (problem)
    return { name: null, error: `District's name: ${problem}; type the name, or empty the field to leave it unset.` };
  return { name, error: null };
}

/** The name on the auditor's packets and the district workbook (DESIGN.md §13). */
export function DistrictNameField({
  text,
  onChange,
}: {
  text: string;
  onChange(text: string, reading: DistrictNameReading): void;
}) {
  const reading = readDistrictName(text);
  return (
    <TextField
      label="District's name (on the auditor's packets)"
      value={text}
      placeholder={DISTRICT_NAME_UNSET}
      onChange={(next) => onChange(next, readDistrictName(next))}
      aria-invalid={reading.error !== null}
      hint={
        reading.error ??
        (reading.name === null
          ? `Unset: the packets and the district workbook say “${DISTRICT_NAME_UNSET}”.`
          : 'A closed month keeps the name it was closed under.')
      }
    />
  );
}
