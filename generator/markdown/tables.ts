import type { Root, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { walk } from './walk.ts';

/** Below this many characters a cell on average is a value or a name, not prose to read. */
const PROSE_CHARS = 30;

/** The index of a table's prose column (the longest text on average), or -1 when none is. */
export function proseColumn(table: Table): number {
  const body = table.children.slice(1);
  if (body.length === 0) return -1;
  const columns = Math.max(...table.children.map((row) => row.children.length));
  let best = -1;
  let bestLength = PROSE_CHARS - 1;
  for (let i = 0; i < columns; i++) {
    const average = body.reduce((sum, row) => sum + (row.children[i] ? toString(row.children[i]).length : 0), 0) / body.length;
    if (average > bestLength) [best, bestLength] = [i, average];
  }
  return best;
}

/**
 * Marks the cells of each table's prose column (`table__prose`): the stylesheet keeps that
 * column wide enough to read, so narrow columns (names, types, flags) give way to it.
 */
export function remarkTableProse() {
  return (tree: Root) => {
    walk<Table>(tree, 'table', (table) => {
      const column = proseColumn(table);
      if (column < 0) return;
      for (const row of table.children) {
        const cell = row.children[column];
        if (cell) cell.data = { ...cell.data, hProperties: { ...cell.data?.hProperties, className: ['table__prose'] } };
      }
    });
  };
}
