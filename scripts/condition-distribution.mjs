// Prints how often each condition code of the embedded world model occurs over random points on
// land (from the climatology's land grid) and random times of 2026: the model's weather, not
// observed weather. Usage: node scripts/condition-distribution.mjs [count] [seed]
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

const count = Number(process.argv[2] ?? 100_000);
let state = Number(process.argv[3] ?? 20260101) >>> 0;
const next = () => {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 0x100000000;
};

/** @param {string} name */
const readData = async (name) => readFileSync(join(ROOT, 'data', name));
const world = await loadWorld({ readData });
const grids = readClimateTable(await readData('climate.bin'));
const start = Date.UTC(2026, 0, 1) / 1000;
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
console.log(never.length === 0 ? 'every code occurred' : `never drawn: ${never.join(', ')}`);
