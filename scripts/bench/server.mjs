// Server figures: `weather serve` against a bare node:http server that sends the same headers and
// a body of the same size, in alternating rounds of one run. Throughput from wrk (50 connections,
// one thread: client and servers share the machine's cores); latency at a fixed rate from
// paced-load.mjs; errors from both; the server's resident set after each round.
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { pairedRow, parseWrk } from './figures.mjs';
import { fetchOnce, NODE, ROOT, rssOf, run, startBareServer } from './processes.mjs';

const CONNECTIONS = 50;
const PACED_RATE = 2000;
const RANDOM_SCRIPT = join(ROOT, 'scripts/bench/random-coordinates.lua');
const PACED_SCRIPT = join(ROOT, 'scripts/bench/paced-load.mjs');

/** @typedef {import('./figures.mjs').Row} Row */

/** What one server did over the rounds: requests/s (wrk), p99 in ms (paced), errors. */
function newRuns() {
  return {
    same: /** @type {number[]} */ ([]),
    random: /** @type {number[]} */ ([]),
    p99Same: /** @type {number[]} */ ([]),
    p99Random: /** @type {number[]} */ ([]),
    errors: 0,
  };
}

/**
 * @param {string} origin
 * @param {string} path
 * @param {string} tail
 * @param {number} seconds
 * @param {number | undefined} seed with a seed, random coordinates
 */
function wrk(origin, path, tail, seconds, seed) {
  const common = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '5s', '--latency'];
  const args =
    seed === undefined
      ? [...common, `${origin}${path}${tail}`]
      : [...common, '-s', RANDOM_SCRIPT, `${origin}/`, '--', path, tail, String(seed)];
  return parseWrk(run('wrk', args));
}

/**
 * @param {string} origin
 * @param {string} path
 * @param {string} tail
 * @param {number} seconds
 * @param {number | undefined} seed
 * @returns {{ requests: number, errors: number, non2xx: number, queued: number, p99: number }}
 */
function paced(origin, path, tail, seconds, seed) {
  const args = [
    PACED_SCRIPT,
    origin,
    path,
    tail,
    String(PACED_RATE),
    String(seconds),
    String(CONNECTIONS),
  ];
  return JSON.parse(run(NODE, seed === undefined ? args : [...args, String(seed)]));
}

/**
 * One round's runs: the same URL, then random coordinates (seeded by the round), each on both
 * servers, the bare one first in even rounds and second in odd ones.
 * @template T
 * @param {number} round
 * @param {readonly [T, T]} targets
 */
function* alternating(round, targets) {
  const order = round % 2 === 0 ? targets : [targets[1], targets[0]];
  for (const seed of [undefined, round + 1]) for (const target of order) yield { target, seed };
}

/**
 * @param {{ quick: boolean, server: { url: string, key: string, pid: number } }} options
 * @returns {Promise<Row[]>}
 */
export async function benchServer({ quick, server }) {
  const { origin, pathname } = new URL(server.url);
  const path = `${pathname}/weather`;
  const same = `?lat=51.5&lon=-0.1&units=metric&appid=${server.key}`;
  const tail = `&units=metric&appid=${server.key}`;
  const sample = await fetchOnce(`${origin}${path}${same}`);
  if (sample.status !== 200) throw new Error(`weather serve answered ${sample.status}`);
  const bare = await startBareServer(sample.headers, sample.body.length);
  try {
    const rounds = quick ? 2 : 3;
    const seconds = quick ? 1 : 3;
    const bareRuns = newRuns();
    const weatherRuns = newRuns();
    const targets = /** @type {const} */ ([
      { origin: bare.url, runs: bareRuns },
      { origin, runs: weatherRuns },
    ]);
    /** @type {number[]} */
    const rss = [];
    process.stderr.write(`server: ${rounds} rounds of wrk, ${seconds} s each\n`);
    for (let round = 0; round < rounds; round++) {
      for (const { target, seed } of alternating(round, targets)) {
        const result = wrk(target.origin, path, seed === undefined ? same : tail, seconds, seed);
        (seed === undefined ? target.runs.same : target.runs.random).push(result.rps);
        target.runs.errors += result.socketErrors + result.non2xx;
      }
      // Let the last responses go before reading the resident set.
      await sleep(300);
      rss.push(rssOf(server.pid));
    }

    const pacedRounds = quick ? 1 : 2;
    const pacedSeconds = quick ? 1.5 : 2.5;
    process.stderr.write(`server: ${pacedRounds} rounds at ${PACED_RATE} requests/s\n`);
    for (let round = 0; round < pacedRounds; round++) {
      for (const { target, seed } of alternating(round, targets)) {
        const result = paced(
          target.origin,
          path,
          seed === undefined ? same : tail,
          pacedSeconds,
          seed,
        );
        (seed === undefined ? target.runs.p99Same : target.runs.p99Random).push(result.p99);
        target.runs.errors += result.errors + result.non2xx;
      }
    }

    const rate = PACED_RATE.toLocaleString('en-US');
    const first = rss[0] ?? NaN;
    const last = rss.at(-1) ?? NaN;
    return [
      pairedRow(
        {
          figure: 'server requests/s, the same URL',
          unit: 'req/s',
          budget: { on: 'ratio', op: '≥', limit: 0.8 },
        },
        weatherRuns.same,
        bareRuns.same,
      ),
      pairedRow(
        {
          figure: 'server requests/s, random coordinates worldwide',
          unit: 'req/s',
          budget: { on: 'ratio', op: '≥', limit: 0.35 },
        },
        weatherRuns.random,
        bareRuns.random,
      ),
      {
        figure: 'server errors (non-2xx, socket), all runs',
        unit: '',
        value: weatherRuns.errors,
        baseline: bareRuns.errors,
        budget: { on: 'value', op: '≤', limit: 0 },
      },
      pairedRow(
        {
          figure: `server p99 at ${rate} requests/s, the same URL`,
          unit: 'ms',
          budget: { on: 'ratio', op: '≤', limit: 1.5 },
        },
        weatherRuns.p99Same,
        bareRuns.p99Same,
      ),
      pairedRow(
        {
          figure: `server p99 at ${rate} requests/s, random coordinates`,
          unit: 'ms',
          budget: { on: 'ratio', op: '≤', limit: 1.5 },
        },
        weatherRuns.p99Random,
        bareRuns.p99Random,
      ),
      {
        figure: `server RSS after ${rss.length} load rounds (baseline: after the first)`,
        unit: 'MB',
        value: last,
        baseline: first,
        ratio: last / first,
        budget: { on: 'ratio', op: '≤', limit: 1.1 },
      },
    ];
  } finally {
    await bare.stop();
  }
}
