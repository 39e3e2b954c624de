// CSV files for the office's downloads (the daily report, the pass reports): UTF-8 with a byte order mark so Excel
// reads Japanese, CRLF lines, RFC 4180 quoting, and cells a spreadsheet would run as a formula made inert.

/** One CSV cell: quoted when it holds a comma, quote or line break; a leading =, +, -, @ (a formula) gets a '. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The file: a header row, then the rows. */
export function csvFile(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${[header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
