/**
 * An in-process cache of finished answers for hot reads (catalog, rankings, status), with
 * explicit invalidation by the owner when what they were made from changes, and a short
 * time-to-live as a backstop for changes made on another node (or straight in the database).
 *
 * A load in flight is shared by every caller asking for the same key, and an answer loaded
 * across an invalidation is returned to its callers but not kept: an invalidation always wins.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  /** Bumped by each invalidation; a load started before one is not kept. */
  private generation = 0;

  constructor(
    private readonly options: {
      /** How long an answer is served without being asked for again. */
      ttlMs: number;
      /** Entries kept at most; the cache starts afresh when full. */
      maxEntries?: number;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The cached answer for `key`, or `load()`'s (kept until invalidated or expired). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.options.ttlMs) return Promise.resolve(hit.value);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const started = this.now();
    const promise = load().then(
      (value) => {
        this.loading.delete(key);
        if (generation === this.generation) {
          if (this.entries.size >= (this.options.maxEntries ?? 10_000)) this.entries.clear();
          this.entries.set(key, { value, at: started });
        }
        return value;
      },
      (err: unknown) => {
        this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /** Drops the answers whose keys start with `prefix` (every answer without one). */
  invalidate(prefix?: string): void {
    this.generation += 1;
    // Loads in flight were made from what just changed: later callers load afresh.
    this.loading.clear();
    if (prefix === undefined) {
      this.entries.clear();
      return;
    }
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
