import type { ColorEvent } from '@taya/contracts';

/**
 * The Colour Game's feed in this process: the runner and the bet routes publish, the WebSocket
 * route's sockets listen. A listener that throws is dropped, never the publisher.
 */
export class ColorFeed {
  private readonly listeners = new Set<(event: ColorEvent) => void>();

  subscribe(listener: (event: ColorEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: ColorEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        this.listeners.delete(listener);
      }
    }
  }
}
