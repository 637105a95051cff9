/** A strict RFC 4180 reader (what Excel does with a quoted CSV), so tests read exports as a user's tool would. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else if (ch === '"' || ch === '\n' || ch === '\r')
      throw new Error(`bad CSV at ${i}: ${JSON.stringify(text.slice(i - 20, i + 20))}`);
    else cell += ch;
  }
  if (quoted) throw new Error('unterminated quote');
  if (cell !== '' || row.length > 0) throw new Error('last row without CRLF');
  return rows;
}
