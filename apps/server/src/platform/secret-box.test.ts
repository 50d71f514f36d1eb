import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('secret box', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, and seals the same value differently each time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP', 'account-1');
    const b = box.seal('JBSWY3DPEHPK3PXP', 'account-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a, 'account-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(b, 'account-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key, another context and a tampered value', () => {
    const sealed = box.seal('secret', 'account-1');
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'account-1')).toThrow();
    expect(() => box.open(sealed, 'account-2')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'), 'account-1')).toThrow();
    expect(() => box.open('plain text')).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow();
  });
});
