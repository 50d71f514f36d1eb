import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * How events cross API nodes: publish a message on a channel; every node subscribed to the
 * channel (the sender too) receives it, in the order it was published.
 */
export interface BusTransport {
  publish(channel: string, message: string): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  close(): Promise<void>;
}

/** A message as it travels: the sending node, and what it carries. */
interface Envelope {
  from: string;
  payload: unknown;
}

/**
 * The platform bus: what one node publishes for its sockets (a round's phase, a chat reply, a
 * fight's odds) reaches the sockets of every node. Without Redis it stays in this process, which is
 * all a single node needs; with `REDIS_URL` each named channel is relayed over Redis pub/sub, as
 * Socket.IO's Redis adapter does: the publishing node delivers to its own listeners at once and
 * every other node delivers what arrives from Redis, each message exactly once per node.
 */
export class Bus {
  /** This process, among the nodes: a node ignores its own messages coming back from Redis. */
  readonly nodeId = randomUUID();
  private readonly pending: Promise<unknown>[] = [];
  private readonly linked = new Set<string>();

  constructor(
    private readonly transport: BusTransport | null,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly prefix = 'taya:bus:',
  ) {}

  /** Whether events cross nodes (Redis), or stay in this process. */
  get shared(): boolean {
    return this.transport !== null;
  }

  /**
   * Ties a channel to this node's delivery: answers `send`, which relays a payload to every other
   * node, where `deliver` receives it. The caller still delivers to its own listeners itself.
   * Without a transport `send` does nothing. A channel is linked once per node.
   */
  link<P>(name: string, deliver: (payload: P) => void): (payload: P) => void {
    if (this.linked.has(name)) throw new Error(`bus channel ${name} is linked twice`);
    this.linked.add(name);
    const transport = this.transport;
    if (!transport) return () => {};
    const channel = this.prefix + name;
    this.pending.push(
      transport
        .subscribe(channel, (message) => {
          let envelope: Envelope;
          try {
            envelope = JSON.parse(message) as Envelope;
          } catch (error) {
            return this.onError(error);
          }
          if (envelope.from === this.nodeId) return;
          try {
            deliver(envelope.payload as P);
          } catch (error) {
            this.onError(error);
          }
        })
        .catch(this.onError),
    );
    return (payload) => {
      const envelope: Envelope = { from: this.nodeId, payload };
      let message: string;
      try {
        message = JSON.stringify(envelope);
      } catch (error) {
        return this.onError(error);
      }
      transport.publish(channel, message).catch(this.onError);
    };
  }

  /** Resolves once every linked channel listens (a node is ready only then). */
  async ready(): Promise<void> {
    await Promise.all(this.pending);
  }

  async close(): Promise<void> {
    await this.transport?.close();
  }
}

/**
 * Redis pub/sub (ioredis): one connection publishes, one listens (a subscribed connection can do
 * nothing else). ioredis reconnects on its own and subscribes again; a message published while a
 * node is cut off is lost to that node, as pub/sub has no memory: sockets catch up from the
 * database's state when they reconnect.
 */
export function redisTransport(url: string): BusTransport {
  const options = {
    connectionName: 'taya-bus',
    maxRetriesPerRequest: 3,
    enableAutoPipelining: true,
  };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, enableAutoPipelining: false });
  // Connection errors are retried by ioredis; without a listener they would end the process.
  const quiet = () => {};
  publisher.on('error', quiet);
  subscriber.on('error', quiet);
  const listeners = new Map<string, (message: string) => void>();
  subscriber.on('message', (channel: string, message: string) => listeners.get(channel)?.(message));
  return {
    publish: (channel, message) => publisher.publish(channel, message),
    subscribe: async (channel, listener) => {
      listeners.set(channel, listener);
      await subscriber.subscribe(channel);
    },
    close: async () => {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
