/**
 * Rows of cells as aligned plain-text columns: every column but the last padded to its widest
 * cell, two spaces between columns, each line after `indent`. No trailing spaces.
 */
export function alignColumns(rows: readonly (readonly string[])[], indent = ''): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  }
  return rows
    .map(
      (row) =>
        indent +
        row
          .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
          .join('  '),
    )
    .join('\n');
}
