/** What a table's rows show: `expectRowsToShow(grid, { 1: ['B100', '$1,234.56'] })` (row 0 is the header). */
import { within } from '@testing-library/react';
import { expect } from 'vitest';

export function expectRowsToShow(table: HTMLElement, texts: Record<number, string[]>): HTMLElement[] {
  const rows = within(table).getAllByRole('row');
  for (const [index, wanted] of Object.entries(texts)) {
    for (const text of wanted) expect(rows[Number(index)]).toHaveTextContent(text);
  }
  return rows;
}
