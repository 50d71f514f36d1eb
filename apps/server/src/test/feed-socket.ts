import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The part of a `ws` client socket the tests use. */
export interface TestSocket {
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
}

export const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string) => TestSocket;
};

/** A frame of a live feed. */
export type FeedFrame = { type: string; round?: number; [key: string]: unknown };

/** Starts the app on a free local port and answers the WebSocket base URL (`ws://…`). */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens a socket to a live feed, keeping every frame it receives; resolves once it is open. */
export async function watchFeed(url: string) {
  const socket = new WebSocket(url);
  const frames: FeedFrame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as FeedFrame));
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  return { socket, frames };
}

/** Waits (10 s at most) until `check` holds. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting for the feed');
    await new Promise((r) => setTimeout(r, 20));
  }
}
