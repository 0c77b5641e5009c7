/**
 * Issue 30 item 7: the command line says what the app says: schools by name, not payee ids, and
 * Card / ACH / Cash / Check, not the service's codes (CC, PhysicalCheck).
 */
import { describe, expect, it } from 'vitest';
import { districtFolder, runCli } from './run';

describe('the vocabulary of check', () => {
  const { folder, database } = districtFolder('recon-cli-words-');

  it('names schools and payment methods in words', () => {
    const result = runCli(['check', ...database().args], folder);
    expect(result.code).toBe(0);
    const rows = result.stdout.split('\n').filter((line) => /^2026-03-0\d\t/.test(line));
    expect(rows.map((row) => row.split('\t').slice(0, 3))).toEqual([
      ['2026-03-02', 'Lincoln High Athletics', 'Card'],
      ['2026-03-02', 'Food Services', 'ACH'],
      ['2026-03-03', 'Lincoln High Athletics', 'Card'],
      ['2026-03-03', 'Food Services', 'Card'],
    ]);
    expect(result.stdout).toContain('date\tschool\tmethod\ttransactions\tdeposits\tGL\tties out');
    expect(result.stdout).not.toMatch(/\b(CC|PhysicalCheck)\b/);
  });

  it('export gl --methods names a method that is neither a word nor a code (the words are shared/vocabulary.ts)', () => {
    const wrong = runCli(['export', 'gl', '--methods', 'Card,Wire', '--out', 'x.xlsx', ...database().args], folder);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--methods: "Wire" is not valid');
  });
});
