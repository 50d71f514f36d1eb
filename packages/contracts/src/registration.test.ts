import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  acceptedPatternFor,
  checkField,
  registrationPatterns,
  type FieldRule,
} from './registration';

/** Values each pattern must accept and must refuse (SPEC §5's kinds, in catalogue order). */
const cases: Record<number, { ok: string[]; bad: string[] }> = {
  0: { ok: ['anything at all', '你好 123 !@#'], bad: [] },
  1: { ok: ['a', 'player01', 'Z9'], bad: ['1player', '_abc', 'ab c', 'ab-c'] },
  2: { ok: ['张三123', '九'], bad: ['abc', '张三 1', 'Ab张'] },
  3: {
    ok: ['a@b.co', 'first.last@mail.example.com'],
    bad: ['a@b', '@b.co', 'a b@c.de', 'a@@b.co', 'a@b.'],
  },
  4: { ok: ['abc', '123'], bad: ['abc123', 'a-b', ''] },
  5: { ok: ['abc123', '1a'], bad: ['abc', '123', 'abc 123', 'abc_123'] },
  6: { ok: ['0', '09171234567'], bad: ['12a', '+63', '1 2'] },
  7: { ok: ['Abc1', 'A'], bad: ['abc1', 'Abc-1'] },
  8: { ok: ['Juan Dela Cruz', 'ab'], bad: ['Juan1', 'José'] },
  9: { ok: ['a!b@c', 'x'], bad: ['a b', 'a\tb'] },
  10: { ok: ['你好，世界。', '中文'], bad: ['abc', '中 文'] },
  11: {
    ok: ['2000-02-29', '1999-12-31'],
    bad: ['1999-13-01', '99-12-31', '1999/12/31', '12-31-1999'],
  },
  12: { ok: ['José María', 'မောင် မောင်', 'Anna'], bad: ['Anna2', 'a_b'] },
  13: { ok: ['12-31-1999', '01-01-2000'], bad: ['1999-12-31', '13-01-2000', '1-1-2000'] },
  14: { ok: ['abc123', 'ABC', '123'], bad: ['abc 123', 'ab-c'] },
  15: { ok: ['김민수', '한국어'], bad: ['김 민수', 'kim', '김1'] },
  16: { ok: ['สวัสดี'], bad: ['สวัสดี ครับ', 'hello'] },
  17: { ok: ['สวัสดี hello', 'Somchai'], bad: ['สวัสดี1', 'hi!'] },
  18: { ok: ['JUAN DELA CRUZ', 'A'], bad: ['Juan', '   ', 'JUAN1'] },
  19: { ok: ['P@ssw0rd!', 'abc', '!!'], bad: ['pass word', 'ก'] },
  20: {
    ok: ['Passw0rd!', 'aA1#'],
    bad: ['password1!', 'PASSWORD1!', 'Password!', 'Password1', 'Pass w0rd!'],
  },
  21: {
    ok: ['Juan Dela Cruz', "Mary-Jane O'Neil", 'Aung San'],
    bad: ['Juan', 'Juan  Cruz', ' Juan Cruz', 'Juan Cruz2'],
  },
  22: { ok: ['ヤマダタロウ', 'やまだ', '山田太郎', 'ＡＢＣ'], bad: ['Yamada', 'ﾔﾏﾀﾞ abc'] },
  23: { ok: ['ABC', 'Z'], bad: ['ABC DEF', 'Abc', 'ABC1'] },
};

const rule = (patternId: number, overrides: Partial<FieldRule> = {}): FieldRule => ({
  enabled: true,
  required: true,
  minLength: 0,
  maxLength: 0,
  patternId,
  acceptedPattern: acceptedPatternFor(patternId),
  ...overrides,
});

describe('registration pattern catalogue', () => {
  it('numbers every kind of §5 once, 0 to 23 in order', () => {
    expect(registrationPatterns.map((p) => p.id)).toEqual([...Array(24).keys()]);
    expect(new Set(registrationPatterns.map((p) => p.kind)).size).toBe(24);
  });

  for (const p of registrationPatterns) {
    it(`pattern ${p.id} (${p.kind}) accepts and refuses what it should`, () => {
      const c = cases[p.id]!;
      for (const v of c.ok) expect(checkField(rule(p.id), v), `accept ${v}`).toBeNull();
      for (const v of c.bad) {
        const got = checkField(rule(p.id), v);
        expect(
          got === 'pattern' || (v === '' && got === 'required'),
          `refuse ${JSON.stringify(v)}`,
        ).toBe(true);
      }
    });
  }

  it('uses "*" for any characters', () => {
    expect(acceptedPatternFor(0)).toBe('*');
    expect(acceptedPatternFor(999)).toBe('*');
  });
});

describe('checkField', () => {
  it('requires a required field and lets an optional one be empty', () => {
    expect(checkField(rule(0), '')).toBe('required');
    expect(checkField(rule(0), undefined)).toBe('required');
    expect(checkField(rule(0, { required: false }), '')).toBeNull();
  });

  it('ignores a disabled field', () => {
    expect(checkField(rule(6, { enabled: false }), 'not digits')).toBeNull();
  });

  it('checks length inclusively, in characters', () => {
    const r = rule(0, { minLength: 6, maxLength: 8 });
    expect(checkField(r, '12345')).toBe('length');
    expect(checkField(r, '123456')).toBeNull();
    expect(checkField(r, '12345678')).toBeNull();
    expect(checkField(r, '123456789')).toBe('length');
    // Six characters even though some take two UTF-16 units.
    expect(checkField(r, '😀😀😀😀😀😀')).toBeNull();
  });

  it('checks length before pattern', () => {
    expect(checkField(rule(6, { minLength: 11, maxLength: 11 }), '0917')).toBe('length');
  });

  it('agrees with the length bounds for any string (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.nat(15), fc.nat(15), (s, a, b) => {
        const [min, max] = [Math.min(a, b), Math.max(a, b, 1)];
        const got = checkField(rule(0, { required: false, minLength: min, maxLength: max }), s);
        const n = [...s].length;
        const expected = n === 0 ? null : n < min || n > max ? 'length' : null;
        expect(got).toBe(expected);
      }),
    );
  });
});
