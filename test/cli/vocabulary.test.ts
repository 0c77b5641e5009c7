/**
 * Issue 30 item 7: the command line says what the app says: schools by name, not payee ids, and
 * Card / ACH / Cash / Check, not the service's codes (CC, PhysicalCheck).
 */
import { describe, expect, it } from 'vitest';
import { districtFolder, runCliInProcess } from './run';

describe('the vocabulary of check', () => {
  const { folder, database } = districtFolder('recon-cli-words-');

  it('names schools and payment methods in words', async () => {
    const result = await runCliInProcess(['check', ...database().args], folder);
    expect(result.code).toBe(0);
    // The tie-out table's rows: the lines after its header, up to the blank line that ends it (the
    // reversals and anomalies tables that may follow have dated rows of their own).
    const lines = result.stdout.split('\n');
    const header = lines.indexOf('date\tschool\tmethod\ttransactions\tdeposits\tGL\tties out');
    const table = lines.slice(header + 1);
    const rows = table.slice(0, table.indexOf('') === -1 ? undefined : table.indexOf(''));
    expect(rows.map((row) => row.split('\t').slice(0, 3))).toEqual([
      ['2026-03-02', 'Lincoln High Athletics', 'Card'],
      ['2026-03-02', 'Food Services', 'ACH'],
      ['2026-03-03', 'Lincoln High Athletics', 'Card'],
      ['2026-03-03', 'Food Services', 'Card'],
    ]);
    expect(result.stdout).toContain('date\tschool\tmethod\ttransactions\tdeposits\tGL\tties out');
    expect(result.stdout).not.toMatch(/\b(CC|PhysicalCheck)\b/);
  });

  it('export gl --methods names a method that is neither a word nor a code (the words are shared/vocabulary.ts)', async () => {
    const wrong = await runCliInProcess(
      ['export', 'gl', '--methods', 'Card,Wire', '--out', 'x.xlsx', ...database().args],
      folder,
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--methods: "Wire" is not valid');
  });
});
