// RFC 4180 CSV, written here because no CSV library is installed: fields separated by commas,
// records by CRLF (a lone LF is accepted on input), a field with a comma, quote or line break is
// quoted, and a quote inside a quoted field is doubled.

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`Line ${line}: ${message}`);
    this.name = 'CsvError';
  }
}

/** Records of a CSV text; a byte-order mark and one final line break are ignored. */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  let line = 1;
  let index = 0;

  const endField = () => {
    record.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };

  while (index < text.length) {
    const character = text[index] as string;
    if (quoted) {
      if (character === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
        index += 1;
        const next = text[index];
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
          throw new CsvError('a closing quote must end its field', line);
        }
        continue;
      }
      if (character === '\n') line += 1;
      field += character;
      index += 1;
      continue;
    }
    if (character === '"') {
      if (fieldStarted) throw new CsvError('a quote inside an unquoted field', line);
      quoted = true;
      fieldStarted = true;
      index += 1;
      continue;
    }
    if (character === ',') {
      endField();
      index += 1;
      continue;
    }
    if (character === '\r' || character === '\n') {
      endRecord();
      index += character === '\r' && text[index + 1] === '\n' ? 2 : 1;
      line += 1;
      continue;
    }
    field += character;
    fieldStarted = true;
    index += 1;
  }
  if (quoted) throw new CsvError('a quoted field is not closed', line);
  // A last record without a line break after it.
  if (fieldStarted || record.length > 0) endRecord();
  return records;
}

const needsQuotes = /[",\r\n]|^\s|\s$/;

function csvField(value: string): string {
  return needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** CSV text of the records, CRLF after each (RFC 4180). */
export function toCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => `${record.map(csvField).join(',')}\r\n`).join('');
}

// A spreadsheet runs a cell that starts with one of these as a formula ("CSV injection"): text
// cells that do are exported with a leading apostrophe, which the import takes off again.
const FORMULA_START = /^[=+\-@\t\r]/;

export const guardFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
export const unguardFormula = (text: string) =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

/** A money cell: rupees with two decimals and no grouping, as spreadsheets and GST tools read it. */
export const rupeesCell = (paise: number): string => (paise / 100).toFixed(2);
