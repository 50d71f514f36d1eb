import { describe, expect, it } from 'vitest';
import { hostileInputIssue } from './hostile-input';
import { ownEntry, pickText } from './localised';

describe('hostileInputIssue', () => {
  it('passes ordinary text, numbers and nesting, paired surrogates included', () => {
    expect(hostileInputIssue({ a: 'héllo 😀', b: [1, { c: 'constructors' }], d: null })).toBeNull();
  });

  it('names the field holding a NUL, a lone surrogate or a prototype name', () => {
    expect(hostileInputIssue({ user: { name: 'a\u0000b' } })).toEqual(
      expect.objectContaining({ path: 'user.name', code: 'nul_character' }),
    );
    expect(hostileInputIssue({ list: ['ok', 'x\uD800'] })).toEqual(
      expect.objectContaining({ path: 'list.1', code: 'invalid_unicode' }),
    );
    expect(hostileInputIssue({ tail: '\uDC00y' })?.code).toBe('invalid_unicode');
    expect(hostileInputIssue({ gameCode: '__proto__' })).toEqual(
      expect.objectContaining({ path: 'gameCode', code: 'reserved_value' }),
    );
    expect(hostileInputIssue('constructor')?.path).toBe('(root)');
  });

  it('refuses prototype names and NUL as keys, and nesting past its depth', () => {
    const parsed = JSON.parse('{"a":{"__proto__":{"x":1}}}') as unknown;
    expect(hostileInputIssue(parsed)).toEqual(
      expect.objectContaining({ path: 'a.__proto__', code: 'reserved_value' }),
    );
    expect(hostileInputIssue({ 'k\u0000': 1 })?.code).toBe('nul_character');
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(hostileInputIssue(deep)?.code).toBe('too_deep');
  });
});

describe('ownEntry', () => {
  it('finds only the record’s own entries', () => {
    const names: Record<string, string> = { en: 'Fortune' };
    expect(ownEntry(names, 'en')).toBe('Fortune');
    expect(ownEntry(names, 'constructor')).toBeUndefined();
    expect(ownEntry(names, '__proto__')).toBeUndefined();
    expect(pickText(names, 'constructor')).toBe('Fortune');
  });
});
