// A bench's results as a Markdown table on stdout: the first column left-aligned, the figures right-aligned.

/** Prints `head` and `rows` as a Markdown table, then a blank line. */
export function printTable(head: readonly string[], rows: readonly string[][]): void {
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(head));
  console.log(
    `|${widths.map((width, i) => (i === 0 ? '-' : '') + '-'.repeat(width + 1) + (i === 0 ? '' : ':')).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
  console.log('');
}
