import type { Transport } from '../client/query.js';

/**
 * At most `perMinute` requests a minute, as the service counts them: a token bucket holding a
 * minute's worth (a run may start with a burst of that many) and earning them back at that rate.
 * Requests wait their turn in the order they asked.
 */
export class RequestBudget {
  private tokens: number;
  private at: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly perMinute: number,
    private readonly clock: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.tokens = perMinute;
    this.at = clock();
  }

  /** Resolves when a request may go. */
  take(): Promise<void> {
    const turn = this.queue.then(() => this.wait());
    this.queue = turn;
    return turn;
  }

  private async wait(): Promise<void> {
    for (;;) {
      const t = this.clock();
      this.tokens = Math.min(
        this.perMinute,
        this.tokens + ((t - this.at) * this.perMinute) / 60_000,
      );
      this.at = t;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.sleep(Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute));
    }
  }
}

/**
 * `transport` shared by many requests, each waiting for the budget (if any) first. It has no
 * `close`: whoever opened it closes it once every request is done.
 */
export function shared(transport: Transport, budget: RequestBudget | undefined): Transport {
  return {
    target: transport.target,
    get: async (query) => {
      await budget?.take();
      return transport.get(query);
    },
  };
}
