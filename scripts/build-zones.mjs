// Builds data/zones.bin, the UTC offsets of every time zone the world model can name, from the ICU
// of the node that runs this script: the zones Intl knows, every zone @photostructure/tz-lookup
// can return and every zone the places keep (the nautical Etc/GMT±N included), their offsets sampled every SAMPLE_STEP seconds
// from 1970 to the end of 2069 and each change bisected to the second. The file's layout, its writer and its
// reader are src/world/zones-layout.ts; ICU's offsets are read by src/world/timezone.ts, the code
// that answers when the table does not.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { DEFAULT_SOURCE, mtimeMs, placeZones, writeAtomically } from './build-data.mjs';
import { importBundled } from './bundle.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const LAYOUT = 'src/world/zones-layout.ts';
const TIMEZONE = 'src/world/timezone.ts';

/** @type {typeof import('../src/world/zones-layout.js')} */
const { openZonesFile, writeZonesTable } = await importBundled(LAYOUT);
/** @type {typeof import('../src/core/data-files.js')} */
const { readFromBytes } = await importBundled('src/core/data-files.ts');
/** @type {typeof import('../src/world/timezone.js')} */
const { icuUtcOffsetSeconds } = await importBundled(TIMEZONE);

export const DEFAULT_OUT = join(ROOT, 'data', 'zones.bin');

/**
 * The last second the table covers: 2069-12-31T23:59:59Z. Later instants are answered by ICU at
 * run time; the table stops there because sampling to the end of what its u32 instants can hold
 * (2106) would make the build a third slower for instants nobody asks about yet.
 */
export const COVERED_UNTIL = Date.UTC(2070, 0, 1) / 1000 - 1;

/**
 * How far apart the offsets are sampled: a change of offset undone within less than this could go
 * unseen. The shortest spells of one offset since 1970 last a week (Brazil in October 2000, Gaza's
 * Ramadan breaks), and each is caught and then sampled again daily (findTransitions); with
 * tzdata 2025c, a table sampled every day for every zone was byte for byte this one.
 */
export const SAMPLE_STEP = 7 * 86400;
/** Offsets change on a quarter hour of UTC almost always: bisect on that grid first. */
const GRID = 900;

/** The zones @photostructure/tz-lookup can return: the names listed in its code. */
function tzLookupZones() {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('@photostructure/tz-lookup'), 'utf8');
  return [...source.matchAll(/"((?:[A-Z][A-Za-z_-]*\/)+[A-Za-z0-9_+-]+)"/g)].map((m) => m[1] ?? '');
}

/**
 * Every zone the table holds: those Intl lists, those tz-lookup returns, those the places keep
 * (GeoNames names some that Intl no longer lists, as America/Yellowknife), the nautical ones.
 */
export function zoneNames() {
  const nautical = [];
  for (let hours = 1; hours <= 12; hours++) nautical.push(`Etc/GMT+${hours}`);
  for (let hours = 1; hours <= 14; hours++) nautical.push(`Etc/GMT-${hours}`);
  const names = new Set([
    ...Intl.supportedValuesOf('timeZone'),
    ...tzLookupZones(),
    ...placeZones(),
    ...nautical,
    'Etc/GMT',
    'Etc/UTC',
  ]);
  return [...names].sort();
}

/**
 * The instants (Unix seconds) at which `zone`'s offset changes, with the offset from then on,
 * from 0 to `until`: sampled every SAMPLE_STEP seconds, each change bisected to the second, and
 * sampled again every day around changes that came less than CLOSE apart (spells of an offset as
 * short as a week happen there: Brazil in 2000, Gaza's Ramadan breaks).
 * @param {string} zone
 * @param {number} until
 * @returns {[number, number][]}
 */
export function findTransitions(zone, until = COVERED_UNTIL) {
  /** @param {number} t */
  const offset = (t) => icuUtcOffsetSeconds(zone, t);
  /** @type {[number, number][]} */
  let transitions = [[0, offset(0)], ...changesWithin(offset, 0, until, SAMPLE_STEP)];
  for (const [from, to] of closeSpells(transitions, until)) {
    transitions = [
      ...transitions.filter(([at]) => at <= from),
      ...changesWithin(offset, from, to, DAY),
      ...transitions.filter(([at]) => at > to),
    ];
  }
  return transitions;
}

const DAY = 86400;
/** Changes closer than this are looked at again, a day at a time, this far around them. */
const CLOSE = 60 * DAY;

/**
 * The spans (from, to] around changes less than CLOSE apart, merged where they overlap.
 * @param {readonly [number, number][]} transitions
 * @param {number} until
 */
function closeSpells(transitions, until) {
  /** @type {[number, number][]} */
  const spans = [];
  for (let k = 2; k < transitions.length; k++) {
    const [before] = transitions[k - 1] ?? [0];
    const [at] = transitions[k] ?? [0];
    if (at - before >= CLOSE) continue;
    const from = Math.max(0, before - CLOSE);
    const to = Math.min(until, at + CLOSE);
    const last = spans.at(-1);
    if (last !== undefined && from <= last[1]) last[1] = Math.max(last[1], to);
    else spans.push([from, to]);
  }
  return spans;
}

/**
 * The changes of offset in (from, to], sampling every `step` seconds and bisecting each change.
 * @param {(t: number) => number} offset
 * @param {number} from
 * @param {number} to
 * @param {number} step
 * @returns {[number, number][]}
 */
function changesWithin(offset, from, to, step) {
  /** @type {[number, number][]} */
  const changes = [];
  let at = from;
  let current = offset(from);
  while (at < to) {
    const next = Math.min(at + step, to);
    const ahead = offset(next);
    // More than one change between two samples: find them one after the other.
    while (ahead !== current) {
      const change = firstChange(offset, at, next, current);
      current = offset(change);
      changes.push([change, current]);
      at = change;
    }
    at = next;
  }
  return changes;
}

/**
 * The first instant in (from, to] whose offset is not `before`, knowing that the offset at `from`
 * is `before` and at `to` is not: the quarter hour first, then the second within it.
 * @param {(t: number) => number} offset
 * @param {number} from
 * @param {number} to
 * @param {number} before
 */
function firstChange(offset, from, to, before) {
  /** Bisects (low, high] where `low` has `before` and `high` does not, `unit` at a time. */
  const bisect = (/** @type {number} */ low, /** @type {number} */ high, unit = 1) => {
    while (high - low > unit) {
      const middle = low + Math.floor((high - low) / unit / 2) * unit;
      if (offset(middle) === before) low = middle;
      else high = middle;
    }
    return high;
  };
  const low = Math.ceil(from / GRID) * GRID;
  const high = Math.floor(to / GRID) * GRID;
  if (low >= high || offset(low) !== before || offset(high) === before) {
    return bisect(from, to);
  }
  const quarter = bisect(low, high, GRID);
  return offset(quarter - 1) === before ? quarter : bisect(quarter - GRID, quarter - 1);
}

/** @param {string} out */
function builtFor(out) {
  try {
    return openZonesFile(readFromBytes(readFileSync(out), 'zones.bin')).tzVersion;
  } catch {
    return undefined;
  }
}

/**
 * The transitions of `zones`, found by worker threads (one per core) that each take every n-th
 * zone: ICU is asked a few million times, a few seconds of work on one core.
 * @param {readonly string[]} zones
 * @returns {Promise<import('../src/world/zones-layout.js').ZoneRecord[]>}
 */
async function transitionsOf(zones) {
  // An alias (Asia/Kolkata) has the data of the zone ICU resolves it to (Asia/Calcutta).
  const canonical = new Map(
    zones.map((zone) => [
      zone,
      new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone,
    ]),
  );
  const distinct = [...new Set(canonical.values())];
  const workers = Math.max(1, Math.min(availableParallelism(), 4));
  const shares = await Promise.all(
    Array.from({ length: workers }, (_, k) => {
      const share = distinct.filter((_, i) => i % workers === k);
      return new Promise((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: { zones: share } });
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`zones worker exited with ${code}`)));
      });
    }),
  );
  /** @type {Map<string, [number, number][]>} */
  const found = new Map(shares.flat());
  return zones.map((name) => {
    const transitions = found.get(canonical.get(name) ?? name);
    if (transitions === undefined) throw new Error(`no transitions found for ${name}`);
    return { name, transitions };
  });
}

/**
 * Writes the zones table `out` from this node's ICU. Does nothing when `out` was made from this
 * node's tzdata version and is newer than this script, the layout module and timezone.ts.
 * @param {{ out?: string }} [options]
 * @returns {Promise<{ built: boolean, out: string, bytes: number, zones?: number }>}
 */
export async function buildZones({ out = DEFAULT_OUT } = {}) {
  const outTime = mtimeMs(out);
  const codeTime = Math.max(
    ...[
      fileURLToPath(import.meta.url),
      join(ROOT, LAYOUT),
      join(ROOT, TIMEZONE),
      DEFAULT_SOURCE,
    ].map((file) => mtimeMs(file) ?? 0),
  );
  if (outTime !== undefined && outTime > codeTime && builtFor(out) === process.versions.tz) {
    return { built: false, out, bytes: readFileSync(out).length };
  }
  const zones = await transitionsOf(zoneNames());
  const bytes = writeZonesTable(zones, process.versions.tz ?? '', COVERED_UNTIL);
  writeAtomically(out, bytes);
  return { built: true, out, bytes: bytes.length, zones: zones.length };
}

if (!isMainThread && Array.isArray(workerData?.zones)) {
  /** @type {string[]} */
  const zones = workerData.zones;
  parentPort?.postMessage(zones.map((name) => [name, findTransitions(name)]));
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const result = await buildZones();
  const what = result.built ? `wrote ${result.zones} zones` : 'up to date';
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${result.out}: ${what} (${(result.bytes / 1e3).toFixed(0)} kB, ${seconds} s)`);
}
