import { describe, expect, it } from 'vitest';
import { addressKey } from './throttles';

describe('addressKey', () => {
  it('keeps an IPv4 address, also when written as IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = addressKey('2001:db8:0:1::5');
    expect(key).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001:ffff:1:2:3')).toBe(key);
    expect(addressKey('2001:DB8:0:1:0:0:0:9')).toBe(key);
    expect(addressKey('2001:db8:0:2::5')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
