import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

describe('the read cache', () => {
  it('keeps an answer for its time, shares a load in flight, and drops on invalidation', async () => {
    let clock = 0;
    let loads = 0;
    const cache = new ReadCache<number>({ ttlMs: 1000, now: () => clock });
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('m|x', load), cache.get('m|x', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    clock = 999;
    expect(await cache.get('m|x', load)).toBe(1);
    clock = 1000;
    expect(await cache.get('m|x', load)).toBe(2);
    await cache.get('n|x', load);
    cache.invalidate('m|');
    expect(await cache.get('m|x', load)).toBe(4);
    expect(await cache.get('n|x', load)).toBe(3);
  });

  it('does not keep an answer loaded across an invalidation', async () => {
    let release!: (v: number) => void;
    const cache = new ReadCache<number>({ ttlMs: 60_000 });
    const slow = cache.get('k', () => new Promise<number>((r) => (release = r)));
    cache.invalidate();
    release(1);
    expect(await slow).toBe(1);
    expect(await cache.get('k', async () => 2)).toBe(2);
  });
});
