import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeDevice } from './device';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('describeDevice', () => {
  it('names the browser and system from the user agent', () => {
    expect(
      describeDevice(
        request({
          'user-agent':
            'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
          device: 'H5',
        }),
      ),
    ).toBe('Chrome 131 · Android 14');
    expect(
      describeDevice(
        request({
          'user-agent':
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        }),
      ),
    ).toBe('Chrome 131 · Windows 10');
  });

  it("falls back to the client's device kind, or nothing", () => {
    expect(describeDevice(request({ device: 'WEB' }))).toBe('WEB');
    expect(describeDevice(request({ 'user-agent': '', device: 'IOS' }))).toBe('IOS');
    expect(describeDevice(request({}))).toBeUndefined();
  });
});
