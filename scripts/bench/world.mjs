// The world model's own figures: how long `loadWorld` takes in a fresh process, and a warm
// `observe` over random points (worldwide, and around London, where places are dense). Each
// child process bundles src/world with esbuild (scripts/bundle.mjs), times it and prints JSON;
// the parent takes the medians over the children.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { importBundled } from '../bundle.mjs';
import { median } from './figures.mjs';
import { NODE, ROOT, run } from './processes.mjs';

const HERE = fileURLToPath(import.meta.url);
const POINTS = 5_000;
/** 2026 in Unix seconds: observations at random instants of one year. */
const YEAR = { start: 1_767_225_600, seconds: 365 * 86_400 };

/** @typedef {import('./figures.mjs').Row} Row */

/**
 * Microseconds per call of `observe` over `points`, warm: the median of timed passes after two
 * passes that are not counted.
 * @param {import('../../src/world/index.js').World} world
 * @param {Float64Array} points lat, lon, dt triples
 */
function observeMicros(world, points) {
  const count = points.length / 3;
  /** @type {number[]} */
  const passes = [];
  let sink = 0;
  for (let pass = 0; pass < 5; pass++) {
    const started = performance.now();
    for (let i = 0; i < points.length; i += 3)
      sink += world.observe(points[i] ?? NaN, points[i + 1] ?? NaN, points[i + 2] ?? NaN).tempC;
    if (pass >= 2) passes.push(((performance.now() - started) * 1000) / count);
  }
  if (Number.isNaN(sink)) throw new Error('observe returned NaN');
  return median(passes);
}

/**
 * Random points within a box, at random instants of one year.
 * @param {{ lat: [number, number], lon: [number, number] }} box
 */
function randomPoints(box) {
  const points = new Float64Array(POINTS * 3);
  for (let i = 0; i < points.length; i += 3) {
    points[i] = box.lat[0] + Math.random() * (box.lat[1] - box.lat[0]);
    points[i + 1] = box.lon[0] + Math.random() * (box.lon[1] - box.lon[0]);
    points[i + 2] = YEAR.start + Math.floor(Math.random() * YEAR.seconds);
  }
  return points;
}

async function child() {
  /** @type {typeof import('../../src/world/index.js')} */
  const { loadWorld } = await importBundled('src/world/index.ts');
  const started = performance.now();
  // The bundle lives in memory, so it is told where data/ is.
  const world = await loadWorld({ readData: (name) => readFile(join(ROOT, 'data', name)) });
  const loadMs = performance.now() - started;
  const worldwide = observeMicros(world, randomPoints({ lat: [-90, 90], lon: [-180, 180] }));
  const london = observeMicros(world, randomPoints({ lat: [51, 52], lon: [-0.6, 0.4] }));
  process.stdout.write(`${JSON.stringify({ loadMs, worldwide, london })}\n`);
}

/**
 * @param {{ quick: boolean }} options
 * @returns {Row[]}
 */
export function benchWorld({ quick }) {
  const children = quick ? 2 : 3;
  process.stderr.write(`world: ${children} processes\n`);
  /** @type {{ loadMs: number, worldwide: number, london: number }[]} */
  const results = [];
  for (let i = 0; i < children; i++) results.push(JSON.parse(run(NODE, [HERE, '--child'])));
  return [
    {
      figure: 'world: `loadWorld` in a fresh process',
      unit: 'ms',
      value: median(results.map((r) => r.loadMs)),
      budget: { on: 'value', op: '≤', limit: 40, unit: 'ms' },
    },
    {
      figure: 'world: warm `observe`, random points worldwide',
      unit: 'µs',
      value: median(results.map((r) => r.worldwide)),
      budget: { on: 'value', op: '≤', limit: 20, unit: 'µs' },
    },
    {
      figure: 'world: warm `observe`, random points around London',
      unit: 'µs',
      value: median(results.map((r) => r.london)),
    },
  ];
}

if (process.argv[1] === HERE && process.argv[2] === '--child') await child();
