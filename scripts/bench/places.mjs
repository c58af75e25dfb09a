// Places by name and `weather batch`: opening the names index in a fresh process as the CLI does
// (positioned reads of data/names.bin), its first lookup and a warm one (a child process imports a
// bundle of src/places, as world.mjs does), then an offline
// batch of many lines streamed through a real process, with its lines per second and its peak
// memory, which must not grow with the input.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importBundled } from '../bundle.mjs';
import { median } from './figures.mjs';
import { BIN, cleanEnv, NODE, NOW, ROOT, rssOf, run } from './processes.mjs';

const HERE = fileURLToPath(import.meta.url);
const LOOKUPS = 10_000;

/** @typedef {import('./figures.mjs').Row} Row */

async function child() {
  /** @type {typeof import('../../src/places/lookup.js')} */
  const { openPlaceNames } = await importBundled('src/places/lookup.ts');
  /** @type {typeof import('../../src/places/query.js')} */
  const { parsePlaceQuery } = await importBundled('src/places/query.ts');
  /** @type {typeof import('../../src/core/data-files.js')} */
  const { openDataFile } = await importBundled('src/core/data-files.ts');
  const query = parsePlaceQuery('Springfield, US-IL');
  const started = performance.now();
  const file = openDataFile('names.bin', [pathToFileURL(join(ROOT, 'data/')).href]);
  if (file === undefined) throw new Error('data/names.bin is missing: run `npm run build`');
  const names = openPlaceNames(file);
  const loadMs = performance.now() - started;
  const firstStarted = performance.now();
  names.resolve(query, false);
  const firstUs = (performance.now() - firstStarted) * 1000;
  for (let i = 0; i < 100; i++) names.resolve(query, false);
  const lookupStarted = performance.now();
  for (let i = 0; i < LOOKUPS; i++) names.resolve(query, false);
  const lookupUs = ((performance.now() - lookupStarted) * 1000) / LOOKUPS;
  process.stdout.write(`${JSON.stringify({ loadMs, firstUs, lookupUs })}\n`);
}

/**
 * `weather batch --offline` over `lines` coordinates: lines per second and peak RSS (MB).
 * @param {number} lines
 * @param {string} home
 */
async function batchRun(lines, home) {
  mkdirSync(home, { recursive: true });
  const input = join(home, 'batch.txt');
  writeFileSync(
    input,
    Array.from(
      { length: lines },
      (_, i) => `${(i % 170) - 85 + 0.5},${((i * 7) % 350) - 175}\n`,
    ).join(''),
  );
  const started = performance.now();
  const batch = spawn(NODE, [BIN, 'batch', input, '--offline', '--now', NOW], {
    env: cleanEnv(home),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let written = 0;
  batch.stdout.on('data', (/** @type {Buffer} */ chunk) => {
    for (const byte of chunk) if (byte === 10) written++;
  });
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      if (batch.pid !== undefined) peak = Math.max(peak, rssOf(batch.pid));
    } catch {
      // The process ended between two samples.
    }
  }, 100);
  const code = await new Promise((resolve) => batch.on('close', resolve));
  clearInterval(sampler);
  if (code !== 0 || written !== lines)
    throw new Error(`weather batch exited ${code} after ${written} of ${lines} lines`);
  return { linesPerSecond: lines / ((performance.now() - started) / 1000), peakMb: peak };
}

/**
 * @param {{ quick: boolean, home: string }} options
 * @returns {Promise<Row[]>}
 */
export async function benchPlaces({ quick, home }) {
  const children = quick ? 2 : 3;
  const lines = quick ? 20_000 : 100_000;
  process.stderr.write(`places: ${children} processes, a batch of ${lines} lines\n`);
  /** @type {{ loadMs: number, firstUs: number, lookupUs: number }[]} */
  const results = [];
  for (let i = 0; i < children; i++) results.push(JSON.parse(run(NODE, [HERE, '--child'])));
  const batch = await batchRun(lines, home);
  return [
    {
      figure: 'places: names index load in a fresh process',
      unit: 'ms',
      value: median(results.map((r) => r.loadMs)),
      budget: { on: 'value', op: '≤', limit: 30, unit: 'ms' },
    },
    {
      figure: 'places: first lookup in that process (`Springfield, US-IL`)',
      unit: 'µs',
      value: median(results.map((r) => r.firstUs)),
    },
    {
      figure: 'places: warm lookup (`Springfield, US-IL`)',
      unit: 'µs',
      value: median(results.map((r) => r.lookupUs)),
      budget: { on: 'value', op: '≤', limit: 1000, unit: 'µs' },
    },
    {
      figure: `batch: \`weather batch --offline\`, ${lines.toLocaleString('en-US')} lines`,
      unit: 'lines/s',
      value: batch.linesPerSecond,
    },
    {
      figure: 'batch: peak memory of that run',
      unit: 'MB',
      value: batch.peakMb,
      budget: { on: 'value', op: '≤', limit: 200, unit: 'MB' },
    },
  ];
}

if (process.argv[1] === HERE && process.argv[2] === '--child') await child();
