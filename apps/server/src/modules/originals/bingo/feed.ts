import type { BingoEvent } from '@taya/contracts';

/**
 * The bingo feed in this process: the runner publishes, the WebSocket route's sockets listen. A
 * listener that throws is dropped, never the publisher.
 */
export class BingoFeed {
  private readonly listeners = new Set<(event: BingoEvent) => void>();

  subscribe(listener: (event: BingoEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: BingoEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        this.listeners.delete(listener);
      }
    }
  }
}
