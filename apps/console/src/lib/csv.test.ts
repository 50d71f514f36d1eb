import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('the CSV writer', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12345678901234567890n)).toBe('12345678901234567890');
    expect(csvCell(-5)).toBe('-5');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell('-2')).toBe("'-2");
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['id', 'name'],
        [
          [1, 'a'],
          [2, 'b,c'],
        ],
      ),
    ).toBe('id,name\r\n1,a\r\n2,"b,c"\r\n');
  });
});
