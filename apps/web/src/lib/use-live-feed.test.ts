import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resumeUrl, useLiveFeed } from './use-live-feed';

/** A WebSocket the test opens, feeds and drops by hand. */
class HandSocket extends EventTarget {
  static instances: HandSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  constructor(readonly url: string) {
    super();
    HandSocket.instances.push(this);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(frame: object) {
    this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(frame) }));
  }
  drop() {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code: 1006, reason: '' }));
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

beforeEach(() => {
  HandSocket.instances = [];
  vi.stubGlobal('WebSocket', HandSocket);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a live feed that reconnects', () => {
  it('asks for the events after the last id it had', async () => {
    const events: { type: string }[] = [];
    const parse = (data: unknown) => data as { type: string };
    const { result, unmount } = renderHook(() =>
      useLiveFeed('ws://taya.test/ws/originals/crash', parse, (e) => events.push(e)),
    );
    await act(() => vi.advanceTimersByTimeAsync(10));
    const first = HandSocket.instances[0]!;
    expect(first.url).toBe('ws://taya.test/ws/originals/crash');
    act(() => first.open());
    expect(result.current).toBe(true);
    act(() => {
      first.receive({ type: 'state' });
      first.receive({ type: 'phase', eventId: '0a1b2c3d.41' });
      first.receive({ type: 'bet', eventId: '0a1b2c3d.42' });
    });
    expect(events.map((e) => e.type)).toEqual(['state', 'phase', 'bet']);
    act(() => first.drop());
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    const second = HandSocket.instances.at(-1)!;
    expect(second).not.toBe(first);
    expect(second.url).toBe('ws://taya.test/ws/originals/crash?since=0a1b2c3d.42');
    unmount();
  });

  it('keeps the page’s own query', () => {
    expect(resumeUrl('ws://taya.test/ws/live?table=BAC-1', null)).toBe(
      'ws://taya.test/ws/live?table=BAC-1',
    );
    expect(resumeUrl('ws://taya.test/ws/live?table=BAC-1', 'ab12cd34.9')).toBe(
      'ws://taya.test/ws/live?table=BAC-1&since=ab12cd34.9',
    );
  });
});
