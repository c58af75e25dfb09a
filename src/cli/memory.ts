import { existsSync } from 'node:fs';
import type { Platform } from '../core/env.js';
import {
  ApiError,
  ConfigError,
  NetworkError,
  UpstreamError,
  WeatherError,
} from '../core/errors.js';
import type { HttpResponse } from '../core/http.js';
import { formatAge } from '../core/localtime.js';
import { redactUrl } from '../core/mask.js';
import { tryLock, type HeldLock } from '../core/lock.js';
import { waitForLock } from '../core/lock-wait.js';
import type { Decoded, Origin } from '../core/observation.js';
import { afterFailure, recall, secondsLeft, type Failures } from '../cache/failures.js';
import { CacheFolder } from '../cache/folder.js';
import { entryName, keyIdentity } from '../cache/identity.js';
import type { CachedResponse } from '../cache/entry.js';
import { pruneIfDue } from '../cache/prune.js';
import { cacheDir } from '../config/paths.js';
import { interpret, retryAfterSeconds } from '../client/interpret.js';
import type { Query, Transport } from '../client/query.js';
import { ask, withOrigin, type Answer } from './ask.js';
import type { IO } from './io.js';
import type { CachePolicy } from './plan.js';
import { staleMayAnswer, windowError } from './failed-calls.js';
import { refreshArguments, refreshEnvironment } from './refresh-ahead.js';

/**
 * Live calls with memory between runs (README "Cron and status bars"): a response younger than
 * --cache is used without a request; runs that miss it at the same time make one request, the
 * others wait and print what it brought; a 429's Retry-After and a back-off after network failures
 * in a row are kept, and no request is made inside them; --stale-ok prints the last good response
 * when the call fails; --refresh-ahead refreshes the cache in a background run.
 */
export interface LiveCall {
  readonly query: Query & { readonly appid: string };
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly cache: CachePolicy;
}

/** A run that fetched gets this long past its timeout before waiting runs take its lock over. */
const LOCK_GRACE_MS = 10_000;

type Settled = { readonly entry: Usable } | { readonly error: WeatherError };

interface Usable {
  readonly entry: CachedResponse;
  readonly decoded: Decoded | null;
}

/** A file system that refuses (or a lock that stays held): the cache is skipped, not the call. */
function isCacheTrouble(error: unknown): boolean {
  return (
    error instanceof ConfigError ||
    (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string')
  );
}

export class Memory {
  private readonly folder: CacheFolder;
  private readonly name: string;
  private readonly key: string;
  private usable = true;

  constructor(
    private readonly call: LiveCall,
    private readonly io: IO,
    private readonly platform: Platform,
    private readonly connect: () => Promise<Transport>,
  ) {
    this.folder = new CacheFolder(cacheDir(io.env));
    this.key = keyIdentity(call.baseUrl, call.query.appid);
    this.name = entryName({ ...call.query, baseUrl: call.baseUrl });
  }

  private get policy(): CachePolicy {
    return this.call.cache;
  }

  private get storing(): boolean {
    return this.policy.freshSeconds > 0 || this.policy.staleOkSeconds > 0;
  }

  private get maxHoldMs(): number {
    return this.call.timeoutMs + LOCK_GRACE_MS;
  }

  /** Runs a cache operation; the first one that fails says so once and turns the cache off. */
  private guard<T>(operation: () => T, otherwise: T): T {
    if (!this.usable) return otherwise;
    try {
      return operation();
    } catch (error) {
      this.giveUp(error);
      return otherwise;
    }
  }

  private giveUp(error: unknown): void {
    if (!isCacheTrouble(error)) throw error;
    this.usable = false;
    // The file system's own words say enough; a lock that stays held has only its own.
    const shown =
      error instanceof ConfigError && error.cause instanceof Error ? error.cause : error;
    this.io.stderr.write(
      `weather: not using the cache in ${this.folder.dir}: ${(shown as Error).message}\n`,
    );
  }

  private async decode(response: HttpResponse, origin: Origin): Promise<Decoded | null> {
    return withOrigin(
      await interpret(response, this.call.query, this.call.baseUrl, this.io.now()),
      origin,
    );
  }

  /** The stored response, if there is one that still decodes. */
  private async stored(): Promise<Usable | undefined> {
    const entry = this.guard(() => this.folder.readEntry(this.name), undefined);
    if (!entry) return undefined;
    try {
      const origin: Origin = { source: 'cache', fetchedAt: entry.fetchedAt };
      return { entry, decoded: await this.decode(entry.response, origin) };
    } catch {
      return undefined;
    }
  }

  private async fresh(now: number): Promise<Usable | undefined> {
    if (this.policy.freshSeconds <= 0) return undefined;
    const usable = await this.stored();
    return usable && now - usable.entry.fetchedAt < this.policy.freshSeconds * 1000
      ? usable
      : undefined;
  }

  private failures(): Failures | undefined {
    return this.guard(() => this.folder.readFailures(this.key), undefined);
  }

  private answerFrom({ entry, decoded }: Usable, source: 'cache' | 'stale'): Answer {
    return {
      response: entry.response,
      decoded: withOrigin(decoded, { source, fetchedAt: entry.fetchedAt }),
    };
  }

  /** With --stale-ok, the last good response stands in for `error`; else `error` is thrown. */
  private async fallBack(error: WeatherError): Promise<Answer> {
    const now = this.io.now();
    if (this.policy.staleOkSeconds > 0 && staleMayAnswer(error)) {
      const usable = await this.stored();
      const age = usable && now - usable.entry.fetchedAt;
      if (usable && age !== undefined && age <= this.policy.staleOkSeconds * 1000) {
        this.io.stderr.write(
          `weather: showing data fetched ${formatAge(age / 1000)} ago: ${redactUrl(error.message)}\n`,
        );
        return this.answerFrom(usable, 'stale');
      }
    }
    throw error;
  }

  private recordFailure(error: WeatherError, retryAfter: number | undefined): void {
    const at = this.io.now();
    this.guard(
      () =>
        this.folder.updateFailures(this.key, (previous) =>
          afterFailure(previous, error, at, retryAfter),
        ),
      undefined,
    );
  }

  /** One request: stored when good, remembered when not. Throws what it cannot answer. */
  private async fetch(): Promise<Answer> {
    const fetchedAt = this.io.now();
    let response: HttpResponse;
    let target: string;
    try {
      ({ response, target } = await ask(this.connect, this.call.query));
    } catch (error) {
      // No answer, or one too large to be an observation.
      if (!(error instanceof NetworkError || error instanceof UpstreamError)) throw error;
      this.recordFailure(error, undefined);
      return this.fallBack(error);
    }
    let decoded: Decoded | null;
    try {
      decoded = await interpret(response, this.call.query, target, this.io.now());
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof UpstreamError)) throw error;
      const limited = error instanceof ApiError && error.status === 429;
      this.recordFailure(
        error,
        limited ? retryAfterSeconds(response.headers['retry-after']) : undefined,
      );
      return this.fallBack(error);
    }
    if (this.storing) {
      this.guard(() => this.folder.writeEntry(this.name, { fetchedAt, response }), undefined);
    }
    this.guard(() => this.folder.clearFailures(this.key), undefined);
    return { response, decoded: withOrigin(decoded, { source: 'live', fetchedAt }) };
  }

  /**
   * What the run holding the fetch lock brought, seen by a run that waits for it: a fresh entry,
   * or a failure recorded since `seen` (the failure the waiter knew of when it began).
   */
  private async settled(seen: string | undefined): Promise<Settled | undefined> {
    const now = this.io.now();
    const usable = await this.fresh(now);
    if (usable) return { entry: usable };
    const failures = this.failures();
    if (failures && failures.last.id !== seen) return { error: recall(failures.last.error) };
    return undefined;
  }

  private async finish(settled: Settled): Promise<Answer> {
    return 'entry' in settled
      ? this.answerFrom(settled.entry, 'cache')
      : this.fallBack(settled.error);
  }

  /** Starts the background refresh when the entry is past half its life and none is under way. */
  private refreshAhead(usable: Usable, now: number): void {
    const { startSelf } = this.platform;
    if (!this.policy.refreshAhead || !startSelf) return;
    if (now - usable.entry.fetchedAt < (this.policy.freshSeconds * 1000) / 2) return;
    if (secondsLeft(this.failures(), now) !== undefined) return;
    if (existsSync(this.folder.fetchLockPath(this.name))) return;
    startSelf(refreshArguments(this.call), refreshEnvironment(this.call, this.io.env));
  }

  async answer(): Promise<Answer> {
    if (this.storing) this.guard(() => pruneIfDue(this.folder.dir), undefined);
    const now = this.io.now();
    const usable = await this.fresh(now);
    if (usable) {
      this.refreshAhead(usable, now);
      return this.answerFrom(usable, 'cache');
    }
    const failures = this.failures();
    const left = secondsLeft(failures, now);
    if (failures && left !== undefined) return this.fallBack(windowError(failures, left, now));
    if (this.policy.freshSeconds <= 0) return this.fetch();
    const seen = failures?.last.id;
    const waited = await this.waitForFetchLock(seen);
    if (!waited) return this.fetch();
    if ('value' in waited) return this.finish(waited.value);
    try {
      // Another run may have fetched between this run's look and its lock.
      const settled = await this.settled(seen);
      return await (settled ? this.finish(settled) : this.fetch());
    } finally {
      waited.lock.release();
    }
  }

  private async waitForFetchLock(
    seen: string | undefined,
  ): Promise<{ lock: HeldLock } | { value: Settled } | undefined> {
    if (!this.usable) return undefined;
    try {
      return await waitForLock(this.folder.fetchLockPath(this.name), () => this.settled(seen), {
        maxHoldMs: this.maxHoldMs,
        timeoutMs: this.maxHoldMs + LOCK_GRACE_MS,
        doing: 'fetching the same observation',
      });
    } catch (error) {
      this.giveUp(error);
      return undefined;
    }
  }

  /** The background run: refresh unless another run did or is doing it; print nothing. */
  async refresh(): Promise<void> {
    const lock = this.guard(
      () => tryLock(this.folder.fetchLockPath(this.name), { maxHoldMs: this.maxHoldMs }),
      undefined,
    );
    if (!lock?.held) return;
    try {
      const now = this.io.now();
      const usable = await this.stored();
      const young = usable && now - usable.entry.fetchedAt < (this.policy.freshSeconds * 1000) / 2;
      if (young || secondsLeft(this.failures(), now) !== undefined) return;
      await this.fetch().catch((error: unknown) => {
        if (!(error instanceof WeatherError)) throw error;
      });
    } finally {
      lock.release();
    }
  }
}
