import { randomBytes } from 'node:crypto';
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

/** How many recent events a feed keeps on each node for sockets that reconnect. */
export const replayDepth = 1_000;

/** An event id as a client hands it back (`?since=`). */
export const eventIdPattern = /^[0-9a-f]{8}\.[0-9]{1,15}$/;

/** An event with the id it was published under (the same on every node). */
interface Stamped<E> {
  id: string;
  event: E;
}

/**
 * Events of one kind: publishers call `publish`, each socket subscribes. In this process, or on
 * every node once `share`d on the platform bus (events are JSON, as the sockets send them). A
 * listener that throws is dropped, never the publisher.
 *
 * Every event is published under an id (the publishing process's random prefix and its count),
 * which travels with it to every node; each node keeps the last `replayDepth` events it saw, so a
 * socket that reconnects — to this node or another — is sent what it missed after the last id it
 * had (`since`), as Socket.IO's connection-state recovery does.
 */
export class Broadcast<E> {
  private readonly listeners = new Set<(event: E, id: string) => void>();
  private relay: (stamped: Stamped<E>) => void = () => {};
  private readonly prefix = randomBytes(4).toString('hex');
  private count = 0;
  /** The recent events in the order this node delivered them, and where each id sits. */
  private readonly recent: Stamped<E>[] = [];
  private readonly positions = new Map<string, number>();
  /** How many events have left `recent` (positions are counted from the first ever kept). */
  private dropped = 0;

  subscribe(listener: (event: E, id: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Shares this feed with every node on the platform bus under `name`: what is published here
   * also reaches the other nodes' listeners, and theirs reach these.
   */
  share(bus: Bus, name: string): this {
    this.relay = bus.link<Stamped<E>>(name, (stamped) => this.deliver(stamped));
    return this;
  }

  publish(event: E): void {
    const stamped = { id: `${this.prefix}.${++this.count}`, event };
    this.deliver(stamped);
    this.relay(stamped);
  }

  /**
   * The events after `id`, oldest first, or null when this node does not hold `id` (too old, or
   * from before it started): the caller then sends the whole state instead.
   */
  since(id: string): Stamped<E>[] | null {
    const position = this.positions.get(id);
    if (position === undefined) return null;
    return this.recent.slice(position - this.dropped + 1);
  }

  /** To this node's listeners only. */
  private deliver(stamped: Stamped<E>): void {
    this.positions.set(stamped.id, this.dropped + this.recent.length);
    this.recent.push(stamped);
    if (this.recent.length > replayDepth) {
      this.positions.delete(this.recent.shift()!.id);
      this.dropped += 1;
    }
    for (const listener of this.listeners) {
      try {
        listener(stamped.event, stamped.id);
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
 * event of `feed`, each frame with its `eventId`. Events published while the state loads wait and
 * follow it, so none arrives before it; a state that fails to load closes the socket (1011).
 * A socket that reconnects with `?since=<the last eventId it had>` is sent the events it missed
 * instead of the state, when this node still holds that id; otherwise the state, as on a first
 * connect. A malformed `since` closes the socket (1008).
 */
export function registerLiveFeed<E>(
  app: FastifyInstance,
  url: string,
  deps: { feed: Broadcast<E>; state: () => Promise<object> },
): void {
  app.get(
    url,
    { websocket: true, config: { access: 'public', rateLimit: false } },
    (socket: LiveSocket, req) => {
      const since = (req.query as { since?: unknown }).since;
      if (since !== undefined && (typeof since !== 'string' || !eventIdPattern.test(since)))
        return socket.close(1008, 'since');
      const stop = heartbeat(socket);
      const send = (event: E, id: string) => sendFrame(socket, { ...event, eventId: id });
      const early: [E, string][] = [];
      let ready = false;
      const unsubscribe = deps.feed.subscribe((event, id) =>
        ready ? send(event, id) : early.push([event, id]),
      );
      socket.on('close', () => {
        stop();
        unsubscribe();
      });
      // Subscribed first, in the same turn: nothing falls between what was missed and what follows.
      const missed = since === undefined ? null : deps.feed.since(since);
      if (missed) {
        for (const { id, event } of missed) send(event, id);
        ready = true;
        return;
      }
      void deps
        .state()
        .then((state) => {
          sendFrame(socket, { type: 'state', ...state });
          ready = true;
          for (const [event, id] of early.splice(0)) send(event, id);
        })
        .catch(() => socket.close(1011, 'state'));
    },
  );
}
