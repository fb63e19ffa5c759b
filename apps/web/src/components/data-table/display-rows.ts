/** One line of the grid: a data row, the detail panel under an expanded row, or a skeleton. */
export type DisplayRow<Row> =
  | { kind: 'row'; id: string; row: Row }
  | { kind: 'detail'; id: string; row: Row }
  | { kind: 'skeleton'; id: string };

export type SortDirection = 'asc' | 'desc';
export type SortValue = string | number | null | undefined;

/** Ascending order of two cell values; empty values last in both directions. */
function compareValues(a: SortValue, b: SortValue, direction: SortDirection): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  const order =
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
  return direction === 'asc' ? order : -order;
}

/** Rows sorted by one column's value (a stable sort: equal values keep their order). */
export function sortRows<Row>(
  rows: readonly Row[],
  value: (row: Row) => SortValue,
  direction: SortDirection,
): Row[] {
  return rows
    .map((row, index) => ({ row, index, value: value(row) }))
    .sort((a, b) => compareValues(a.value, b.value, direction) || a.index - b.index)
    .map((entry) => entry.row);
}

/** The last page that has rows (0 when there are none). */
export function lastPage(total: number, size: number): number {
  return Math.max(0, Math.ceil(total / size) - 1);
}

/** The grid's lines: each row, followed by its detail line when expanded. */
export function toDisplayRows<Row>(
  rows: readonly Row[],
  getRowId: (row: Row) => string,
  expanded: ReadonlySet<string>,
): DisplayRow<Row>[] {
  const lines: DisplayRow<Row>[] = [];
  for (const row of rows) {
    const id = getRowId(row);
    lines.push({ kind: 'row', id, row });
    if (expanded.has(id)) lines.push({ kind: 'detail', id: `${id}\u0000detail`, row });
  }
  return lines;
}

export function skeletonRows<Row>(count: number): DisplayRow<Row>[] {
  return Array.from({ length: count }, (_, i) => ({ kind: 'skeleton', id: `\u0000skeleton-${i}` }));
}
