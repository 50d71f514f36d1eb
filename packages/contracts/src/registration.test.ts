import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  acceptedPatternFor,
  checkField,
  registrationPatterns,
  type FieldRule,
} from './registration-rules';
import { registrationPatternExamples } from './registration-examples';

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
      const c = registrationPatternExamples[p.id]!;
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
