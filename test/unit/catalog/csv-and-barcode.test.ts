import { describe, expect, it } from 'vitest';
import { isValidRetailBarcode, withCheckDigit } from '../../../src/shared/domain/catalog-rules';
import { parseCsv } from '../../../src/main/catalog/csv';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, commas and line breaks inside quotes, with line numbers', () => {
    const text = '\ufeffcode,name\r\nP1,"可樂, 600ml"\r\nP2,"說 ""好"""\nP3,"兩\n行"\nP4,last';
    const parsed = parseCsv(text);
    expect(parsed).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['code', 'name'] },
        { line: 2, fields: ['P1', '可樂, 600ml'] },
        { line: 3, fields: ['P2', '說 "好"'] },
        { line: 4, fields: ['P3', '兩\n行'] },
        { line: 6, fields: ['P4', 'last'] },
      ],
    });
  });

  it('skips blank lines but keeps counting them', () => {
    const parsed = parseCsv('a,b\n\n1,2\n\n');
    expect(parsed).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 3, fields: ['1', '2'] },
      ],
    });
  });

  it('names the line of an unclosed or stray quote', () => {
    expect(parseCsv('a,b\n1,"open\n2,3')).toEqual({ ok: false, line: 2, problem: 'unclosed-quote' });
    expect(parseCsv('a,b\n1,2\n3,x"y')).toEqual({ ok: false, line: 3, problem: 'stray-quote' });
    expect(parseCsv('a,b\n"q"x,2')).toEqual({ ok: false, line: 2, problem: 'stray-quote' });
  });
});

describe('retail barcodes', () => {
  it('accepts EAN-13, EAN-8 and UPC-A with the right check digit', () => {
    expect(isValidRetailBarcode('4710088410012')).toBe(false);
    expect(isValidRetailBarcode(withCheckDigit('471008841001'))).toBe(true);
    expect(isValidRetailBarcode('4006381333931')).toBe(true); // a textbook EAN-13
    expect(isValidRetailBarcode('96385074')).toBe(true); // a textbook EAN-8
    expect(isValidRetailBarcode('036000291452')).toBe(true); // a textbook UPC-A
  });

  it('refuses a wrong check digit, a wrong length or letters', () => {
    expect(isValidRetailBarcode('4006381333932')).toBe(false);
    expect(isValidRetailBarcode('400638133393')).toBe(false);
    expect(isValidRetailBarcode('40063813339A1')).toBe(false);
    expect(isValidRetailBarcode('')).toBe(false);
  });
});
