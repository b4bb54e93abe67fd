/**
 * Reads CSV text back into records (RFC 4180: quoted cells, doubled quotes, CRLF), dropping a leading BOM.
 * Test-only and deliberately independent of the writer (csv-stringify), so a round trip checks the file.
 */
export function readCsv(text: string, delimiter = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

/** Records as objects keyed by the header row. */
export function readCsvObjects(text: string, delimiter = ','): Record<string, string>[] {
  const [header = [], ...rows] = readCsv(text, delimiter);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}
