import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEvents, watchSession } from './session-events';

/** A streamed answer the test writes to, as the server's event stream would arrive. */
function streamed(status = 200) {
  let push!: (text: string) => void;
  let finish!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
      finish = () => controller.close();
    },
  });
  const response = new Response(body, {
    status,
    headers: { 'content-type': 'text/event-stream' },
  });
  return { response, push: (text: string) => push(text), finish: () => finish() };
}

const event = (type: string) => `event: ${type}\ndata: {"type":"${type}"}\n\n`;

afterEach(() => vi.useRealTimers());

describe('parseEvents', () => {
  it('reads whole events and keeps a partial one for later', () => {
    const text = `${event('ready')}: live\n\nevent: ended\ndata: {"type":"en`;
    expect(parseEvents(text)).toEqual({
      events: ['ready'],
      rest: 'event: ended\ndata: {"type":"en',
    });
    expect(
      parseEvents(`data: nonsense\n\ndata: {"type":"other"}\n\n${event('ended')}`).events,
    ).toEqual(['ended']);
  });
});

describe('watchSession', () => {
  it('sends the token and reports the end the moment the server says so', async () => {
    const stream = streamed();
    const fetchMock = vi.fn(() => Promise.resolve(stream.response));
    const onEnded = vi.fn();
    const stop = watchSession('tok-1', { onEnded, fetch: fetchMock as typeof fetch });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/wps/session/events');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok-1');

    stream.push(event('ready'));
    stream.push(': live\n\n');
    await new Promise((r) => setTimeout(r, 20));
    expect(onEnded).not.toHaveBeenCalled();

    // Split across two chunks, as a network may deliver it.
    stream.push('event: ended\ndata: {"ty');
    stream.push('pe":"ended"}\n\n');
    await vi.waitFor(() => expect(onEnded).toHaveBeenCalledOnce());
    stop();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('takes a 401 for an ended session', async () => {
    const onEnded = vi.fn();
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        Response.json({ success: false, errorCode: 'user.or.token.invalid' }, { status: 401 }),
      ),
    );
    watchSession('tok-2', { onEnded, fetch: fetchMock as typeof fetch });
    await vi.waitFor(() => expect(onEnded).toHaveBeenCalledOnce());
  });

  it('opens the stream again after it drops, and stops for good when asked', async () => {
    const first = streamed();
    const second = streamed();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(first.response)
      .mockResolvedValueOnce(second.response);
    const onEnded = vi.fn();
    const stop = watchSession('tok-3', {
      onEnded,
      fetch: fetchMock as typeof fetch,
      delays: [10, 10],
    });
    first.push(event('ready'));
    first.finish();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(onEnded).not.toHaveBeenCalled();
    stop();
    second.push(event('ended'));
    await new Promise((r) => setTimeout(r, 30));
    expect(onEnded).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
