import { describe, expect, it } from 'vitest';
import { CsvError, guardFormula, parseCsv, toCsv, unguardFormula } from './csv';

describe('parseCsv (RFC 4180)', () => {
  it('reads plain records with CRLF or LF line ends and an optional last line break', () => {
    expect(parseCsv('a,b,c\r\n1,2,3\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps empty fields, including trailing ones', () => {
    expect(parseCsv('a,,c,\r\n,,,\r\n')).toEqual([
      ['a', '', 'c', ''],
      ['', '', '', ''],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('name,description\r\n"Diya, brass","He said ""shubh""\r\nline two"\r\n')).toEqual([
      ['name', 'description'],
      ['Diya, brass', 'He said "shubh"\r\nline two'],
    ]);
    expect(parseCsv('""')).toEqual([['']]);
  });

  it('drops a byte-order mark and keeps non-ASCII text', () => {
    expect(parseCsv('\uFEFFname\r\nरंगोली ₹\r\n')).toEqual([['name'], ['रंगोली ₹']]);
  });

  it('refuses an unclosed quote, a quote inside an unquoted field and text after a closing quote', () => {
    expect(() => parseCsv('a,"open\r\n')).toThrow(CsvError);
    expect(() => parseCsv('a,b"c\r\n')).toThrow('Line 1: a quote inside an unquoted field');
    expect(() => parseCsv('a\r\n"x"y,b\r\n')).toThrow('Line 2: a closing quote must end its field');
  });

  it('reads nothing from an empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });
});

describe('toCsv', () => {
  it('quotes only fields that need it and ends every record with CRLF', () => {
    expect(
      toCsv([
        ['id', 'name'],
        ['1', 'Diya, brass'],
        ['2', 'Say "hi"'],
        ['3', 'two\nlines'],
        ['4', ' padded'],
      ]),
    ).toBe('id,name\r\n1,"Diya, brass"\r\n2,"Say ""hi"""\r\n3,"two\nlines"\r\n4," padded"\r\n');
  });

  it('round-trips through parseCsv', () => {
    const records = [
      ['a', 'b,c', '"q"', 'x\r\ny', ''],
      ['', ' ', 'plain', '₹1,00,000', 'end'],
    ];
    expect(parseCsv(toCsv(records))).toEqual(records);
  });
});

describe('formula guard', () => {
  it('prefixes cells a spreadsheet would run and takes the prefix off again', () => {
    expect(guardFormula('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(guardFormula('Brass Diya')).toBe('Brass Diya');
    expect(unguardFormula(guardFormula('@SUM(A1)'))).toBe('@SUM(A1)');
    expect(unguardFormula("'tis the season")).toBe("'tis the season");
  });
});
