/**
 * A small RFC 4180 CSV reader: quoted fields with doubled quotes, commas and line breaks inside
 * quotes, CRLF or LF endings, a UTF-8 byte-order mark (Excel writes one). Each record keeps the
 * line number it starts on, so an import can name the bad line a cashier sees in a text editor.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export type CsvParse =
  { ok: true; records: CsvRecord[] } | { ok: false; line: number; problem: 'unclosed-quote' | 'stray-quote' };

export function parseCsv(text: string): CsvParse {
  const records: CsvRecord[] = [];
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let line = 1;
  let recordLine = 1;
  let field = '';
  let fields: string[] = [];
  let inQuotes = false;
  let quotedField = false;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record (files often end with one or more).
    if (!(fields.length === 1 && fields[0] === '' && !quotedField))
      records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    quotedField = false;
  };
  while (i < input.length) {
    const c = input[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i++;
        continue;
      }
      if (c === '\n') line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      if (field !== '') return { ok: false, line, problem: 'stray-quote' };
      inQuotes = true;
      quotedField = true;
      i++;
      continue;
    }
    if (quotedField && c !== ',' && c !== '\n' && c !== '\r')
      return { ok: false, line, problem: 'stray-quote' };
    if (c === ',') {
      fields.push(field);
      field = '';
      quotedField = false;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      if (c === '\r' && input[i + 1] === '\n') i++;
      i++;
      line++;
      recordLine = line;
      continue;
    }
    field += c;
    i++;
  }
  if (inQuotes) return { ok: false, line: recordLine, problem: 'unclosed-quote' };
  if (field !== '' || fields.length > 0 || quotedField) endRecord();
  return { ok: true, records };
}
