/**
 * The shape every ERP layout has: how an entry becomes rows of raw field values (text already fitted),
 * the rules each row must keep (checked before anything is written, and usable on a written file read
 * back), and how a row is encoded.
 */
import type { ErpEntry } from './entries';

export const ERP_LAYOUTS = ['je-csv', 'ascender', 'escape', 'iif'] as const;
export type ErpLayout = (typeof ERP_LAYOUTS)[number];

export interface Row {
  fields: string[];
  /** The entry line (1-based) the row came from; absent for rows of the whole entry (IIF's ENDTRNS). */
  line?: number;
}

export interface LayoutSpec {
  /** The vendor's document the layout follows, named in every refusal. */
  title: string;
  /** Written once at the top of each file. */
  header: string[][];
  /** The file an entry goes into: '' for single-file layouts, a file name inside the zip otherwise. */
  partOf(entry: ErpEntry): string;
  /** A rule of the whole entry it breaks, or null. */
  entryProblem(entry: ErpEntry, ordinal: number): string | null;
  render(entry: ErpEntry, ordinal: number): Row[];
  /** The rule a row breaks, or null: field widths, patterns, characters. */
  rowProblem(fields: string[]): string | null;
  encode(fields: string[]): string;
  /** What the bookkeeper can do about an account the layout refuses. */
  accountAction: string;
}

export interface FieldRule {
  name: string;
  max?: number;
  pattern?: RegExp;
  /** Characters the field must not hold. */
  forbidden?: RegExp;
}

/** Checks fields against per-column rules; the first rule broken, or null. */
export function fieldsProblem(fields: string[], rules: readonly FieldRule[]): string | null {
  if (fields.length !== rules.length) return `a row has ${fields.length} fields where ${rules.length} are expected`;
  for (const [index, rule] of rules.entries()) {
    const value = fields[index]!;
    if (rule.max !== undefined && Array.from(value).length > rule.max) {
      return `${rule.name} "${value}" is longer than its ${rule.max} characters`;
    }
    if (rule.pattern && !rule.pattern.test(value)) return `${rule.name} "${value}" is not in the form the import reads`;
    const bad = rule.forbidden ? value.match(rule.forbidden) : null;
    if (bad) return `${rule.name} "${value}" holds ${JSON.stringify(bad[0])}, which the import cannot read`;
  }
  return null;
}
