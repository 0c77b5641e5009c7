/**
 * A day's pages in write groups of about `groupRows` rows (the store's unit size: store/bulk.ts
 * rowsPerWriteUnit), in order.
 */
export function groupPages<P extends { rows: number }>(pages: P[], groupRows: number): P[][] {
  const groups: P[][] = [];
  let rows = groupRows;
  for (const page of pages) {
    if (rows >= groupRows) {
      groups.push([]);
      rows = 0;
    }
    groups.at(-1)!.push(page);
    rows += page.rows;
  }
  return groups;
}
