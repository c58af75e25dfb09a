// Prints how often each condition code of the embedded world model occurs over random points on
// land (from the climatology's land grid) and random times of 2026: the model's weather, not
// observed weather. Usage: node scripts/condition-distribution.mjs [count] [seed]
// A code never drawn is rarer than one in `count`, not unreachable: the script then finds where
// each such code occurs and prints it. With --examples, it searches instead for one coordinate and
// time giving each code (random land, and the places and seasons where the rare ones belong) and
// prints them as the table of test/unit/world/conditions.test.ts.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBundled } from './bundle.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @type {typeof import('../src/world/index.js')} */
const { loadWorld } = await importBundled('src/world/index.ts');
/** @type {typeof import('../src/world/climate-layout.js')} */
const { readClimateTable } = await importBundled('src/world/climate-layout.ts');
/** @type {typeof import('../src/world/climatology.js')} */
const { landShareAt } = await importBundled('src/world/climatology.ts');
/** @type {typeof import('../src/core/conditions.js')} */
const { CONDITIONS } = await importBundled('src/core/conditions.ts');

const examples = process.argv.includes('--examples');
const [countArg, seedArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const count = Number(countArg ?? 100_000);
let state = Number(seedArg ?? 20260101) >>> 0;
const next = () => {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 0x100000000;
};

/** @param {string} name */
const readData = async (name) => readFileSync(join(ROOT, 'data', name));
const world = await loadWorld({ readData });
const grids = readClimateTable(await readData('climate.bin'));
const start = Date.UTC(2026, 0, 1) / 1000;

/**
 * A coordinate and time giving each code of `ids`, found among random points on land and the
 * places and seasons where the rare codes belong (up to three million tries).
 * @param {ReadonlySet<number>} ids
 */
async function findExamples(ids) {
  /** @type {typeof import('../src/world/volcanoes.js')} */
  const { VOLCANOES } = await importBundled('src/world/volcanoes.ts');
  const between = (/** @type {number} */ a, /** @type {number} */ b) => a + (b - a) * next();
  const day = (/** @type {number} */ from, /** @type {number} */ to) =>
    start + Math.floor(between(from, to)) * 86400 + Math.floor(next() * 24) * 3600;
  /** Where to look: anywhere on land, and where the rare codes belong. @type {(() => number[])[]} */
  const places = [
    () => [(Math.asin(2 * next() - 1) * 180) / Math.PI, next() * 360 - 180, day(0, 365)],
    // Tornado alley in spring and early summer, afternoons and evenings.
    () => [between(30, 45), between(-100, -85), day(90, 180)],
    // The monsoon's downpours.
    () => [between(5, 25), between(70, 110), day(150, 270)],
    // The Sahara.
    () => [between(18, 28), between(-5, 30), day(0, 365)],
    // Near volcanoes.
    () => {
      const [, lat = 0, lon = 0] = VOLCANOES[Math.floor(next() * VOLCANOES.length)] ?? [];
      return [lat + between(-0.2, 0.2), lon + between(-0.2, 0.2), day(0, 365)];
    },
    // Mid-latitude land in the cold half of the year: sleet, freezing rain, squalls.
    () => [between(40, 60), between(-10, 60), day(-60, 90)],
  ];
  /** @type {Map<number, number[]>} */
  const found = new Map();
  for (let tries = 0; tries < 3_000_000 && found.size < ids.size; tries++) {
    const [lat = 0, lon = 0, dt = 0] = places[tries % places.length]?.() ?? [];
    const round = (/** @type {number} */ x) => Math.round(x * 1000) / 1000;
    const o = world.observe(round(lat), round(lon), dt);
    if (ids.has(o.conditionId) && !found.has(o.conditionId)) {
      found.set(o.conditionId, [round(lat), round(lon), dt]);
    }
  }
  return found;
}

if (examples) {
  const found = await findExamples(new Set(CONDITIONS.keys()));
  for (const id of [...CONDITIONS.keys()].sort((a, b) => a - b)) {
    const where = found.get(id);
    console.log(where ? `  [${id}, ${where.join(', ')}],` : `  // ${id}: not found`);
  }
  process.exit(0);
}

/** @type {Map<number, number>} */
const counts = new Map();
let drawn = 0;
while (drawn < count) {
  const lat = (Math.asin(2 * next() - 1) * 180) / Math.PI;
  const lon = next() * 360 - 180;
  if (landShareAt(grids, lat, lon) < 0.5) continue;
  const dt = start + Math.floor(next() * 365 * 86400);
  const id = world.observe(lat, lon, dt).conditionId;
  counts.set(id, (counts.get(id) ?? 0) + 1);
  drawn++;
}
const lines = [...CONDITIONS.values()].map((c) => {
  const n = counts.get(c.id) ?? 0;
  const share = ((100 * n) / count).toFixed(3).padStart(7);
  return `${c.id}  ${String(n).padStart(6)}  ${share} %  ${c.description}`;
});
console.log(`condition codes over ${count} random land points and times of 2026`);
console.log(lines.join('\n'));
const never = [...CONDITIONS.keys()].filter((id) => !counts.has(id));
if (never.length === 0) {
  console.log('every code occurred');
} else {
  // Rarer than one in `count`, not unreachable: where each occurs.
  console.log(`never drawn: ${never.join(', ')}; each occurs where its conditions are:`);
  const found = await findExamples(new Set(never));
  for (const id of never) {
    const [lat, lon, dt] = found.get(id) ?? [];
    console.log(
      dt === undefined
        ? `  ${id}: not found in 3,000,000 tries`
        : `  ${id} at ${lat}, ${lon}, ${new Date(dt * 1000).toISOString().slice(0, 16)}Z`,
    );
  }
}
