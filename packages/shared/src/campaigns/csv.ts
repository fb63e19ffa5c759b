/**
 * A small RFC 4180 CSV reader: quoted fields, "" inside quotes, commas and line breaks (CRLF,
 * LF or CR) inside quotes. Pure, so that the web's Data step and the server read alike.
 */

/** A CSV text that cannot be read; `line` is 1-based. */
export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

/** The records of a CSV text, each a list of fields. A trailing line break adds no record. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // byte-order mark
  let fieldStarted = false;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = '';
    fieldStarted = false;
  };
  while (i < text.length) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"') {
        if (text.charAt(i + 1) === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        const next = text.charAt(i);
        if (i < text.length && next !== ',' && next !== '\n' && next !== '\r')
          throw new CsvError(`Line ${line}: unexpected text after a closing quote`, line);
        continue;
      }
      if (c === '\n' || (c === '\r' && text.charAt(i + 1) !== '\n')) line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      if (field !== '') throw new CsvError(`Line ${line}: a quote inside an unquoted field`, line);
      quoted = true;
      fieldStarted = true;
      i++;
    } else if (c === ',') {
      record.push(field);
      field = '';
      fieldStarted = true;
      i++;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && text.charAt(i + 1) === '\n' ? 2 : 1;
      line++;
    } else {
      field += c;
      fieldStarted = true;
      i++;
    }
  }
  if (quoted) throw new CsvError(`Line ${line}: a quoted field is not closed`, line);
  if (fieldStarted || field !== '' || record.length > 0) endRecord();
  return records;
}

/**
 * Rows of a CSV with a header line: objects keyed by the (trimmed) headers. Blank lines are
 * skipped; a row with another number of values than the header is refused.
 */
export function parseCsvRows(text: string): { headers: string[]; rows: Record<string, string>[] } {
  const records = parseCsv(text).filter((r) => !(r.length === 1 && r[0] === ''));
  const [head, ...body] = records;
  if (!head) throw new CsvError('The CSV file is empty', 1);
  const headers = head.map((h) => h.trim());
  headers.forEach((h, i) => {
    if (h === '') throw new CsvError(`Column ${i + 1} has no header`, 1);
    if (headers.indexOf(h) !== i) throw new CsvError(`The header ${h} appears twice`, 1);
  });
  const rows = body.map((values, r) => {
    if (values.length !== headers.length)
      throw new CsvError(
        `Row ${r + 1} has ${values.length} values; the header has ${headers.length}`,
        r + 2,
      );
    return Object.fromEntries(headers.map((h, i) => [h, values[i] ?? '']));
  });
  return { headers, rows };
}
