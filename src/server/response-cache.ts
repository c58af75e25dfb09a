/**
 * Answers kept per raw request target and observation cycle: the model is deterministic per
 * (coordinates, cycle), so within a cycle the same target always gets the same bytes. Only what
 * follows from the target is kept; the caller still checks the key and the rate limit on every
 * reuse.
 *
 * A target is kept on its second request in a cycle, never its first: a client polling one place
 * repeats it at once, while a stream of different coordinates (a map, a crawler) would only push
 * out what is reused. Both the targets seen once and the kept answers are bounded; the oldest go
 * first.
 */
export interface CacheLimits {
  /** Answers kept at most. */
  readonly entries: number;
  /** Their bytes at most (as the caller counts them). */
  readonly bytes: number;
  /**
   * Targets seen once, remembered at most: a poller repeats its target well within this many
   * others, while a stream of random coordinates would only grow the server's memory.
   */
  readonly seen: number;
}

export const DEFAULT_CACHE_LIMITS: CacheLimits = {
  entries: 10_000,
  bytes: 32 * 1024 * 1024,
  seen: 4_096,
};

interface Entry<V> {
  readonly cycle: number;
  readonly value: V;
  readonly bytes: number;
}

export class ResponseCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly seen = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly limits: CacheLimits = DEFAULT_CACHE_LIMITS) {}

  /** The answer kept for `target` in `cycle`, if any. */
  get(target: string, cycle: number): V | undefined {
    const entry = this.entries.get(target);
    return entry !== undefined && entry.cycle === cycle ? entry.value : undefined;
  }

  /**
   * Tells the cache `target` was answered in `cycle`; `make` is called (and its value kept) only
   * when the answer is admitted: on the target's second request in the cycle, or at once when the
   * target was kept in an earlier cycle (it is evidently requested again and again).
   */
  offer(target: string, cycle: number, make: () => { value: V; bytes: number }): void {
    const old = this.entries.get(target);
    if (old === undefined) {
      if (this.seen.get(target) !== cycle) {
        this.remember(target, cycle);
        return;
      }
      this.seen.delete(target);
    } else {
      if (old.cycle === cycle) return;
      this.drop(target, old);
    }
    const { value, bytes } = make();
    if (bytes > this.limits.bytes || this.limits.entries < 1) return;
    this.entries.set(target, { cycle, value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      this.drop(oldest, entry);
    }
  }

  /** How many answers are kept, and their bytes. */
  get size(): { entries: number; bytes: number; seen: number } {
    return { entries: this.entries.size, bytes: this.bytes, seen: this.seen.size };
  }

  private remember(target: string, cycle: number): void {
    this.seen.delete(target);
    this.seen.set(target, cycle);
    if (this.seen.size > this.limits.seen) {
      const oldest = this.seen.keys().next();
      if (oldest.done !== true) this.seen.delete(oldest.value);
    }
  }

  private drop(target: string, entry: Entry<V>): void {
    this.entries.delete(target);
    this.bytes -= entry.bytes;
  }
}
