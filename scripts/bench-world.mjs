// Micro-benchmark of the embedded world model: the time to load it (read data/places.bin,
// data/climate.bin and data/zones.bin, open them), and the time of World.observe per call,
// warm, over random points of the whole globe and random times, with the share that the climate
// and weather take (the climatology's interpolation and the weather's synthesis alone).
// Usage: node scripts/bench-world.mjs [--check]   (--check exits 1 when a budget is exceeded)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBundled } from './bundle.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET = { loadMs: 40, observeUs: 20 };
const CALLS = 100_000;
const ROUNDS = 5;

/** @type {typeof import('../src/world/index.js')} */
const { loadWorld } = await importBundled('src/world/index.ts');
/** @type {typeof import('../src/world/climate-layout.js')} */
const { readClimateTable } = await importBundled('src/world/climate-layout.ts');
/** @type {typeof import('../src/world/climatology.js')} */
const { Climatology } = await importBundled('src/world/climatology.ts');
/** @type {typeof import('../src/world/weather.js')} */
const { synthesize } = await importBundled('src/world/weather.ts');

/** @param {string} name */
const readFromDisk = async (name) => readFileSync(join(ROOT, 'data', name));

let state = 20260101;
const next = () => {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 0x100000000;
};
/** @type {[number, number, number][]} */
const points = Array.from({ length: CALLS }, () => [
  (Math.asin(2 * next() - 1) * 180) / Math.PI,
  next() * 360 - 180,
  Date.UTC(2026, 0, 1) / 1000 + Math.floor(next() * 365 * 86400),
]);

/**
 * Microseconds per call of `f` over the points: the best of ROUNDS rounds after a warm-up one.
 * @param {(lat: number, lon: number, dt: number, i: number) => unknown} f
 */
function perCall(f) {
  let best = Infinity;
  for (let round = 0; round <= ROUNDS; round++) {
    const started = performance.now();
    for (let i = 0; i < points.length; i++) {
      const [lat, lon, dt] = points[i] ?? [0, 0, 0];
      f(lat, lon, dt, i);
    }
    const micros = ((performance.now() - started) * 1000) / points.length;
    if (round > 0) best = Math.min(best, micros);
  }
  return best;
}

const loadStarted = performance.now();
const world = await loadWorld({ readData: readFromDisk });
const loadMs = performance.now() - loadStarted;
const observeUs = perCall((lat, lon, dt) => world.observe(lat, lon, dt));

const climatology = new Climatology(readClimateTable(await readFromDisk('climate.bin')));
const climateUs = perCall((lat, lon, dt) => climatology.at(lat, lon, dt));
const climates = points.map(([lat, lon, dt]) => climatology.at(lat, lon, dt));
const weatherUs = perCall((lat, lon, dt, i) => {
  const climate = climates[i];
  if (climate) synthesize({ lat, lon, dt, climate });
});

const line = (
  /** @type {string} */ what,
  /** @type {number} */ value,
  /** @type {string} */ unit,
  /** @type {number | undefined} */ budget,
) =>
  `${what.padEnd(34)} ${value.toFixed(2).padStart(8)} ${unit}${budget === undefined ? '' : `  (budget ${budget} ${unit}${value > budget ? ', EXCEEDED' : ''})`}`;
console.log(
  [
    line('load (places, climate, zones)', loadMs, 'ms', BUDGET.loadMs),
    line('observe, warm, per call', observeUs, 'µs', BUDGET.observeUs),
    line('  of which climatology.at', climateUs, 'µs', undefined),
    line('  of which weather synthesis', weatherUs, 'µs', undefined),
  ].join('\n'),
);
if (process.argv.includes('--check') && (loadMs > BUDGET.loadMs || observeUs > BUDGET.observeUs)) {
  process.exitCode = 1;
}
