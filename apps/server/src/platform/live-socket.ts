import type { FastifyInstance } from 'fastify';
import type { Bus } from './bus';

/** The part of a `ws` socket the live feeds use. */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  ping(): void;
  on(event: 'close' | 'pong', listener: () => void): void;
}

const openState = 1;
const heartbeatMs = 30_000;

/** Sends one JSON frame if the socket is still open. */
export function sendFrame(socket: Pick<LiveSocket, 'readyState' | 'send'>, frame: unknown): void {
  if (socket.readyState === openState) socket.send(JSON.stringify(frame));
}

/**
 * Pings the socket every 30 s and closes it (1001) when the last ping went unanswered, so idle
 * proxies keep it open and a vanished peer is let go. Returns the stop for the socket's close.
 */
export function heartbeat(socket: LiveSocket): () => void {
  let alive = true;
  socket.on('pong', () => {
    alive = true;
  });
  const timer = setInterval(() => {
    if (!alive) return socket.close(1001, 'timeout');
    alive = false;
    if (socket.readyState === openState) socket.ping();
  }, heartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Events of one kind: publishers call `publish`, each socket subscribes. In this process, or on
 * every node once `share`d on the platform bus (events are JSON, as the sockets send them). A
 * listener that throws is dropped, never the publisher.
 */
export class Broadcast<E> {
  private readonly listeners = new Set<(event: E) => void>();
  private relay: (event: E) => void = () => {};

  subscribe(listener: (event: E) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Shares this feed with every node on the platform bus under `name`: what is published here
   * also reaches the other nodes' listeners, and theirs reach these.
   */
  share(bus: Bus, name: string): this {
    this.relay = bus.link<E>(name, (event) => this.deliver(event));
    return this;
  }

  publish(event: E): void {
    this.deliver(event);
    this.relay(event);
  }

  /** To this node's listeners only. */
  private deliver(event: E): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        this.listeners.delete(listener);
      }
    }
  }

  /** How many listen now. */
  get size(): number {
    return this.listeners.size;
  }
}

/**
 * A public live feed at `url`: on connect the shared state (`{ type: 'state', … }`), then every
 * event of `feed`. Events published while the state loads wait and follow it, so none arrives
 * before it; a state that fails to load closes the socket (1011).
 */
export function registerLiveFeed<E>(
  app: FastifyInstance,
  url: string,
  deps: { feed: Broadcast<E>; state: () => Promise<object> },
): void {
  app.get(
    url,
    { websocket: true, config: { access: 'public', rateLimit: false } },
    (socket: LiveSocket) => {
      const stop = heartbeat(socket);
      const early: E[] = [];
      let ready = false;
      const unsubscribe = deps.feed.subscribe((event) =>
        ready ? sendFrame(socket, event) : early.push(event),
      );
      void deps
        .state()
        .then((state) => {
          sendFrame(socket, { type: 'state', ...state });
          ready = true;
          for (const event of early.splice(0)) sendFrame(socket, event);
        })
        .catch(() => socket.close(1011, 'state'));
      socket.on('close', () => {
        stop();
        unsubscribe();
      });
    },
  );
}
