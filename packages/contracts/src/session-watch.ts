import { sessionEventsPath, type SessionEvent } from './session-events';

/*
 * The browser side of the session streams (`session-events.ts`), shared by the member app and the
 * console: no zod here, so that it stays small in the member app's first load.
 */

/** Waits before reconnecting, longer after each failure in a row. */
const retryDelaysMs = [1_000, 5_000, 15_000, 30_000, 60_000] as const;

export interface WatchOptions {
  /** The stream's path: the member app's (default) or the console's. */
  path?: string;
  /** The session ended on the server. Called at most once. */
  onEnded: () => void;
  fetch?: typeof fetch;
  delays?: readonly number[];
}

/** The event names in a chunk of server-sent events text, and what is left unfinished. */
export function parseEvents(buffer: string): { events: string[]; rest: string } {
  const events: string[] = [];
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let data = '';
    for (const line of block.split('\n'))
      if (line.startsWith('data:')) data += line.slice(5).trim();
    if (!data) continue;
    try {
      // Checked by hand, not with the contract's schema: this runs on every page, and zod stays
      // out of the first load.
      const type = (JSON.parse(data) as { type?: unknown } | null)?.type;
      if (
        type === ('ready' satisfies SessionEvent['type']) ||
        type === ('ended' satisfies SessionEvent['type'])
      )
        events.push(type);
    } catch {
      // Not JSON: not ours.
    }
  }
  return { events, rest };
}

/**
 * Keeps the session's event stream (`GET /wps/session/events`, or `options.path`) open for `token` and calls
 * `onEnded` when the server says the session ended, or refuses the stream with 401 (it ended while
 * the stream was down). A dropped stream is opened again after a pause. Answers the stop.
 */
export function watchSession(token: string, options: WatchOptions): () => void {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const delays = options.delays ?? retryDelaysMs;
  const controller = new AbortController();
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const ended = () => {
    if (stopped) return;
    stop();
    options.onEnded();
  };

  const connect = async () => {
    let sawReady = false;
    try {
      // `cache` is the browser's (Node's own fetch types lack it).
      const init = {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        signal: controller.signal,
        cache: 'no-store' as const,
      };
      const res = await doFetch(options.path ?? sessionEventsPath, init);
      if (res.status === 401) return ended();
      if (res.ok && res.body) {
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseEvents(buffer + value);
          buffer = parsed.rest;
          for (const event of parsed.events) {
            if (event === 'ended') return ended();
            if (event === 'ready') sawReady = true;
          }
        }
      }
    } catch {
      // A network fault or the stop's abort: the retry below, unless stopped.
    }
    if (stopped) return;
    failures = sawReady ? 0 : failures + 1;
    const delay = delays[Math.min(failures, delays.length - 1)] ?? 30_000;
    timer = setTimeout(() => void connect(), delay);
  };

  function stop() {
    stopped = true;
    clearTimeout(timer);
    controller.abort();
  }

  void connect();
  return stop;
}
