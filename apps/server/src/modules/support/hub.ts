import type { ChatOperatorMessage } from '@taya/contracts';
import type { Bus } from '../../platform/bus';

/** What happens in a chat, as every node's sockets hear it. */
export type ChatEvent =
  | {
      type: 'message';
      chatId: string;
      merchantCode: string;
      message: ChatOperatorMessage;
      /** The socket it came from, which gets an ack instead. */
      origin?: string;
    }
  | { type: 'closed'; chatId: string; merchantCode: string }
  | {
      /** A claim or transfer: only the merchant's desks hear it. */
      type: 'assigned';
      chatId: string;
      merchantCode: string;
      assigneeId: string | null;
      assignee: string | null;
    };

export type ChatListener = (event: ChatEvent) => void;

/**
 * Delivers chat events to the sockets listening on a topic: one chat (`chatTopic`) or all chats
 * of a merchant (`merchantTopic`, for operators), on every node.
 */
export interface ChatHub {
  subscribe(topic: string, listener: ChatListener): () => void;
  publish(topics: readonly string[], event: ChatEvent): void;
}

export const chatTopic = (chatId: string) => `chat:${chatId}`;
export const merchantTopic = (merchantCode: string) => `merchant:${merchantCode}`;

/**
 * The hub of this node's sockets; `share`d on the platform bus, what any node publishes reaches
 * the listeners of every node (an operator's reply on one node, the player's socket on another).
 */
export class InProcessChatHub implements ChatHub {
  private readonly listeners = new Map<string, Set<ChatListener>>();
  private relay: (message: { topics: readonly string[]; event: ChatEvent }) => void = () => {};

  share(bus: Bus): this {
    this.relay = bus.link<{ topics: readonly string[]; event: ChatEvent }>('chat', (m) =>
      this.deliver(m.topics, m.event),
    );
    return this;
  }

  subscribe(topic: string, listener: ChatListener): () => void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(topic);
    };
  }

  publish(topics: readonly string[], event: ChatEvent): void {
    this.deliver(topics, event);
    this.relay({ topics, event });
  }

  private deliver(topics: readonly string[], event: ChatEvent): void {
    const delivered = new Set<ChatListener>();
    for (const topic of topics) {
      for (const listener of this.listeners.get(topic) ?? []) {
        if (delivered.has(listener)) continue;
        delivered.add(listener);
        try {
          listener(event);
        } catch {
          // One broken socket must not keep the event from the others.
        }
      }
    }
  }

  /** How many listeners a topic has (for tests and metrics). */
  listenerCount(topic: string): number {
    return this.listeners.get(topic)?.size ?? 0;
  }
}
