// Builds data/climate.bin, the world model's climatology: the stations of data/climate/ prepared
// for interpolation (src/world/climate-stations.ts), a 0.5° land-share grid rasterized from Natural
// Earth's 1:50m land polygons (npm package `world-atlas`), and a 0.5° ground-height grid made from
// the GeoNames places (their population-weighted mean height per cell), with the ice sheets'
// interior shaped as ice sheets are and the gaps filled from the neighbours. The file's layout is
// src/world/climate-layout.ts; both modules are bundled here in memory.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBundled } from './bundle.mjs';
import { pgmLevels } from './pgm.mjs';
import {
  DEFAULT_SOURCE as PLACES_SOURCE,
  mtimeMs,
  parseRows,
  writeAtomically,
} from './build-data.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const MODULES = [
  'src/world/climate-layout.ts',
  'src/world/climate-stations.ts',
  'src/world/climatology.ts',
];

/** @type {typeof import('../src/world/climate-stations.js')} */
const stationsModule = await importBundled('src/world/climate-stations.ts');
/** @type {typeof import('../src/world/climate-layout.js')} */
const layout = await importBundled('src/world/climate-layout.ts');
const { GRID_COLS, GRID_ROWS, GRID_DEG, elevationCode } = layout;
/** @type {typeof import('../src/world/geo.js')} */
const { distanceKm } = await importBundled('src/world/geo.ts');

export const CLIMATE_DIR = join(ROOT, 'data', 'climate');
export const LAND_SOURCE = join(ROOT, 'node_modules', 'world-atlas', 'land-50m.json');
export const DEFAULT_OUT = join(ROOT, 'data', 'climate.bin');
/** December's and July's maps of data/climate/ (scripts/climate-guides.mjs), by the grid each becomes. */
const GUIDE_FILES = {
  guideDecember: 'precipitation-dec',
  guideJuly: 'precipitation-jul',
  temperatureDecember: 'temperature-dec',
  temperatureJuly: 'temperature-jul',
};
/** @param {keyof typeof GUIDE_FILES} name */
const guidePath = (name) => join(CLIMATE_DIR, `${GUIDE_FILES[name]}.pgm`);
const GUIDE_NAMES = /** @type {(keyof typeof GUIDE_FILES)[]} */ (Object.keys(GUIDE_FILES));

/**
 * The guide grids of the table from the maps' grey levels: the precipitation's as logarithms
 * (climate-stations.ts, precipitationGuide), the temperature's as they are (climate-layout.ts,
 * temperatureGuideOfCode).
 */
function guideGrids() {
  /** @param {keyof typeof GUIDE_FILES} name */
  const levels = (name) => {
    const path = guidePath(name);
    return pgmLevels(readFileSync(path), GRID_COLS, GRID_ROWS, path);
  };
  return {
    guideDecember: stationsModule.precipitationGuide(levels('guideDecember')),
    guideJuly: stationsModule.precipitationGuide(levels('guideJuly')),
    temperatureDecember: levels('temperatureDecember'),
    temperatureJuly: levels('temperatureJuly'),
  };
}

/** Reads stations.tsv and normals.tsv of `dir`. */
export function readStations(dir = CLIMATE_DIR) {
  return stationsModule.parseClimateTables(
    readFileSync(join(dir, 'stations.tsv'), 'utf8'),
    readFileSync(join(dir, 'normals.tsv'), 'utf8'),
  );
}

/**
 * The rings of a TopoJSON topology's polygons, as [lon, lat] points.
 * @param {any} topology
 * @returns {number[][][]}
 */
function ringsOf(topology) {
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  /** @type {number[][][]} */
  const arcs = topology.arcs.map((/** @type {number[][]} */ arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx = 0, dy = 0]) => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty];
    });
  });
  /** @param {number[]} ids */
  const ring = (ids) => {
    /** @type {number[][]} */
    const points = [];
    for (const id of ids) {
      const arc = id >= 0 ? (arcs[id] ?? []) : [...(arcs[~id] ?? [])].reverse();
      points.push(...(points.length > 0 ? arc.slice(1) : arc));
    }
    return points;
  };
  /** @type {number[][][]} */
  const rings = [];
  for (const geometry of Object.values(topology.objects).flatMap((o) => o.geometries)) {
    const polygons = geometry.type === 'MultiPolygon' ? geometry.arcs : [geometry.arcs];
    for (const polygon of polygons) for (const ids of polygon) rings.push(ring(ids));
  }
  return rings;
}

/**
 * Land share of each grid cell: the polygons are filled (even–odd, ring by ring, so holes and
 * rings crossing the antimeridian come out right) on a grid SUB times finer, then averaged.
 * @param {string} source TopoJSON land polygons
 */
export function landGrid(source = LAND_SOURCE) {
  const SUB = 8;
  const rows = GRID_ROWS * SUB;
  const cols = GRID_COLS * SUB;
  const step = GRID_DEG / SUB;
  const bits = new Uint8Array(rows * cols);
  for (const ring of ringsOf(JSON.parse(readFileSync(source, 'utf8')))) {
    // Unwrapped longitudes: a ring crossing the antimeridian continues past ±180°.
    /** @type {number[][]} */
    const points = [];
    let shift = 0;
    ring.forEach(([x = 0, y = 0], i) => {
      const previous = ring[i - 1]?.[0];
      if (previous !== undefined && x - previous > 180) shift -= 360;
      if (previous !== undefined && previous - x > 180) shift += 360;
      points.push([x + shift, y]);
    });
    // A ring around a pole (Antarctica) does not close once unwrapped: it ends 360° from where it
    // started. Close it along the pole.
    const [startX = 0, startY = 0] = points[0] ?? [];
    const [endX = 0] = points[points.length - 1] ?? [];
    if (Math.abs(endX - startX) > 180) {
      const pole = points.reduce((sum, [, y = 0]) => sum + y, 0) < 0 ? -90 : 90;
      points.push([endX, pole], [startX, pole], [startX, startY]);
    }
    /** @type {Map<number, number[]>} */
    const byRow = new Map();
    for (let i = 0; i + 1 < points.length; i++) {
      const [, y0 = 0] = points[i] ?? [];
      const [, y1 = 0] = points[i + 1] ?? [];
      if (y0 === y1) continue;
      const first = Math.max(0, Math.ceil((Math.min(y0, y1) + 90) / step - 0.5));
      const last = Math.min(rows - 1, Math.floor((Math.max(y0, y1) + 90) / step - 0.5));
      for (let r = first; r <= last; r++) {
        const list = byRow.get(r);
        if (list) list.push(i);
        else byRow.set(r, [i]);
      }
    }
    for (const [r, edges] of byRow) {
      const y = -90 + (r + 0.5) * step;
      const xs = [];
      for (const i of edges) {
        const [x0 = 0, y0 = 0] = points[i] ?? [];
        const [x1 = 0, y1 = 0] = points[i + 1] ?? [];
        if (y0 <= y !== y1 <= y) xs.push(x0 + ((y - y0) / (y1 - y0)) * (x1 - x0));
      }
      xs.sort((a, b) => a - b);
      for (let j = 0; j + 1 < xs.length; j += 2) {
        const from = Math.ceil(((xs[j] ?? 0) + 180) / step - 0.5);
        const to = Math.floor(((xs[j + 1] ?? 0) + 180) / step - 0.5);
        for (let c = from; c <= to; c++) {
          const at = r * cols + (((c % cols) + cols) % cols);
          bits[at] = (bits[at] ?? 0) ^ 1;
        }
      }
    }
  }
  const counts = new Uint16Array(GRID_ROWS * GRID_COLS);
  for (let r = 0; r < rows; r++) {
    const row = Math.floor(r / SUB) * GRID_COLS;
    for (let c = 0; c < cols; c++) {
      const at = row + Math.floor(c / SUB);
      if (bits[r * cols + c]) counts[at] = (counts[at] ?? 0) + 1;
    }
  }
  return Uint8Array.from(counts, (n) => Math.round((255 * n) / (SUB * SUB)));
}

const cellIndex = (/** @type {number} */ lat, /** @type {number} */ lon) =>
  Math.min(GRID_ROWS - 1, Math.max(0, Math.floor((lat + 90) / GRID_DEG))) * GRID_COLS +
  Math.min(GRID_COLS - 1, Math.max(0, Math.floor((lon + 180) / GRID_DEG)));
const cellLat = (/** @type {number} */ i) => -90 + (Math.floor(i / GRID_COLS) + 0.5) * GRID_DEG;
const cellLon = (/** @type {number} */ i) => -180 + ((i % GRID_COLS) + 0.5) * GRID_DEG;

/**
 * Whether a cell lies on an ice sheet: Antarctica, and Greenland (land north of 59.5° between 74° W
 * and 10° W, which also takes in Iceland's and eastern Ellesmere's ice caps).
 * @param {number} i
 */
function onIceSheet(i) {
  const lat = cellLat(i);
  const lon = cellLon(i);
  return lat < -60 || (lat > 59.5 && lon > -74 && lon < -10);
}

/**
 * Ground height per cell, m. Cells with places take their population-weighted mean height
 * (√population, so a town outweighs its hamlets without hiding them). Ice-sheet cells without
 * places take the profile of a perfectly plastic ice sheet, h = √(2·τ/(ρ·g)·d) with a yield stress
 * of 100 kPa, d the distance from the coast (Nye 1952), capped at the sheet's summit height and
 * corrected towards the height of stations on the sheet. Other land cells without places are filled
 * from their neighbours (over-relaxed Laplace iterations); the sea is 0.
 * @param {Uint8Array} land
 * @param {{ lat: number, lon: number, elevationM: number }[]} stations
 */
export function elevationGrid(land, stations, source = PLACES_SOURCE) {
  const n = GRID_ROWS * GRID_COLS;
  const weight = new Float64Array(n);
  const sum = new Float64Array(n);
  for (const p of parseRows(readFileSync(source, 'utf8'))) {
    const i = cellIndex(p.lat, p.lon);
    const w = Math.sqrt(Math.max(p.population, 500));
    weight[i] = (weight[i] ?? 0) + w;
    sum[i] = (sum[i] ?? 0) + w * p.elevation;
  }
  const height = new Float64Array(n);
  const known = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const w = weight[i] ?? 0;
    if (w > 0) {
      height[i] = Math.max(0, (sum[i] ?? 0) / w);
      known[i] = 1;
    } else if ((land[i] ?? 0) < 8) {
      known[i] = 1;
    }
  }
  const coastKm = distanceToSea(land);
  const sheetStations = stations
    .filter((s) => onIceSheet(cellIndex(s.lat, s.lon)))
    .map((s) => ({ ...s, coastKm: coastKm[cellIndex(s.lat, s.lon)] ?? 0 }));
  for (let i = 0; i < n; i++) {
    if (known[i] || !onIceSheet(i)) continue;
    const lat = cellLat(i);
    const lon = cellLon(i);
    const summit = lat < 0 ? 4000 : 3200;
    const profile = (/** @type {number} */ km) => Math.min(summit, Math.sqrt(22.3 * km * 1000));
    let correction = 0;
    let weights = 0.05;
    for (const s of sheetStations) {
      const d = distanceKm(lat, lon, s.lat, s.lon) / 500;
      const w = Math.exp(-d * d);
      correction += w * (s.elevationM - profile(s.coastKm));
      weights += w;
    }
    height[i] = Math.max(0, profile(coastKm[i] ?? 0) + correction / weights);
    known[i] = 1;
  }
  const unknown = [];
  for (let i = 0; i < n; i++) if (!known[i]) unknown.push(i);
  for (let iteration = 0; iteration < 400; iteration++) {
    for (const i of unknown) {
      const r = Math.floor(i / GRID_COLS);
      const c = i % GRID_COLS;
      const mean =
        ((height[r > 0 ? i - GRID_COLS : i] ?? 0) +
          (height[r < GRID_ROWS - 1 ? i + GRID_COLS : i] ?? 0) +
          (height[r * GRID_COLS + ((c + 1) % GRID_COLS)] ?? 0) +
          (height[r * GRID_COLS + ((c + GRID_COLS - 1) % GRID_COLS)] ?? 0)) /
        4;
      height[i] = (height[i] ?? 0) + 1.8 * (mean - (height[i] ?? 0));
    }
  }
  return Uint8Array.from(height, (h) => elevationCode(h));
}

/**
 * Distance from each cell to the nearest mostly-sea cell, km: a chamfer transform (two sweeps over
 * the grid with the eight neighbours' steps), within a few per cent of the great-circle distance.
 * @param {Uint8Array} land
 */
function distanceToSea(land) {
  const n = GRID_ROWS * GRID_COLS;
  const d = new Float64Array(n).map((_, i) => ((land[i] ?? 0) < 128 ? 0 : Infinity));
  const stepKm = GRID_DEG * 111.2;
  /** @param {number} r @param {number} c @param {number} dr @param {number} dc */
  const relax = (r, c, dr, dc) => {
    const rr = r + dr;
    if (rr < 0 || rr >= GRID_ROWS) return;
    const j = rr * GRID_COLS + ((c + dc + GRID_COLS) % GRID_COLS);
    const i = r * GRID_COLS + c;
    const dx = dc * stepKm * Math.cos((cellLat(i) * Math.PI) / 180);
    const step = Math.hypot(dx, dr * stepKm);
    if ((d[j] ?? 0) + step < (d[i] ?? 0)) d[i] = (d[j] ?? 0) + step;
  };
  for (let pass = 0; pass < 3; pass++) {
    for (let r = 0; r < GRID_ROWS; r++) {
      for (let c = 0; c < GRID_COLS; c++) {
        relax(r, c, -1, -1);
        relax(r, c, -1, 0);
        relax(r, c, -1, 1);
        relax(r, c, 0, -1);
      }
    }
    for (let r = GRID_ROWS - 1; r >= 0; r--) {
      for (let c = GRID_COLS - 1; c >= 0; c--) {
        relax(r, c, 1, 1);
        relax(r, c, 1, 0);
        relax(r, c, 1, -1);
        relax(r, c, 0, 1);
      }
    }
  }
  return d;
}

/**
 * Writes the climate table `out`. Does nothing when it is newer than its inputs (the climate
 * tables, the land polygons, the GeoNames table, this script and the modules it bundles).
 * @param {{ out?: string, force?: boolean }} [options]
 */
export function buildClimate({ out = DEFAULT_OUT, force = false } = {}) {
  const inputs = [
    join(CLIMATE_DIR, 'stations.tsv'),
    join(CLIMATE_DIR, 'normals.tsv'),
    LAND_SOURCE,
    PLACES_SOURCE,
    ...GUIDE_NAMES.map(guidePath),
    fileURLToPath(import.meta.url),
    join(HERE, 'pgm.mjs'),
    ...MODULES.map((m) => join(ROOT, m)),
  ];
  const newest = Math.max(...inputs.map((path) => mtimeMs(path) ?? Infinity));
  const outTime = mtimeMs(out);
  if (!force && outTime !== undefined && outTime > newest) {
    return { built: false, out, bytes: statSync(out).size };
  }
  const stations = readStations();
  const land = landGrid();
  const elevation = elevationGrid(land, stations);
  const bytes = stationsModule.assembleClimateTable(stations, {
    land,
    elevation,
    ...guideGrids(),
  });
  writeAtomically(out, bytes);
  return { built: true, out, bytes: bytes.length, stations: stations.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const result = buildClimate({ force: process.argv.includes('--force') });
  const what = result.built ? `wrote ${result.stations} stations` : 'up to date';
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${result.out}: ${what} (${(result.bytes / 1e3).toFixed(0)} kB, ${seconds} s)`);
}
