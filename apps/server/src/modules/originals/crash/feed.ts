import type { CrashEvent } from '@taya/contracts';

/**
 * The crash feed in this process: the runner and the bet routes publish, the WebSocket route's
 * sockets listen. A listener that throws is dropped, never the publisher.
 */
export class CrashFeed {
  private readonly listeners = new Set<(event: CrashEvent) => void>();

  subscribe(listener: (event: CrashEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: CrashEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        this.listeners.delete(listener);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
