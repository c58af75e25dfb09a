import type { Platform } from '../core/env.js';
import { interpret } from '../client/interpret.js';
import type { Query, Transport } from '../client/query.js';
import { ask, withOrigin, type Answer } from './ask.js';
import type { IO } from './io.js';
import type { LiveCall } from './memory.js';
import type { Plan } from './plan.js';
import { isRefreshChild } from './refresh-ahead.js';

/** The embedded implementation: nothing to remember, it answers at once. */
export async function answerSimulated(
  connect: () => Promise<Transport>,
  query: Query,
  fetchedAt: number,
): Promise<Answer> {
  const { response, target } = await ask(connect, query);
  const decoded = await interpret(response, query, target, fetchedAt);
  return { response, decoded: withOrigin(decoded, { source: 'simulated', fetchedAt }) };
}

function liveCall(plan: Plan): LiveCall | undefined {
  const { appid } = plan.query;
  if (plan.source.kind !== 'live' || appid === undefined || !plan.cache) return undefined;
  return {
    query: { ...plan.query, appid },
    baseUrl: plan.source.baseUrl,
    timeoutMs: plan.timeoutMs,
    cache: plan.cache,
  };
}

/** The answer to a live plan, through the cache and the memory of failures. */
export async function answerLive(
  plan: Plan,
  io: IO,
  platform: Platform,
  connect: () => Promise<Transport>,
): Promise<Answer | undefined> {
  const call = liveCall(plan);
  if (!call) throw new Error('answerLive needs a live plan with a key');
  // The cache, its locks and node:crypto are loaded for live calls only, never for --offline.
  const { Memory } = await import('./memory.js');
  const memory = new Memory(call, io, platform, connect);
  if (isRefreshChild(io.env)) {
    await memory.refresh();
    return undefined;
  }
  return memory.answer();
}
