/** Reading the CSV files the bot attaches (RFC 4180: quoted cells with doubled quotes, CRLF rows). */

/** Parses the CSV the report makes (quoted cells with doubled quotes, CRLF rows). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/** Exact micro-USD of a decimal USD text as the CSV writes it (`-1.000001`). */
export const usdToMicrosExact = (usd: string): number => {
  const [whole = '0', frac = ''] = usd.replace('-', '').split('.');
  const value = Number(whole) * 1_000_000 + Number(frac.padEnd(6, '0'));
  return usd.startsWith('-') ? -value : value;
};
