import { lonGap, RAD, smoothstep } from './geo.js';

/**
 * Coarse, hand-built geography for the climate model. There is no coastline or land-cover data in
 * the project, so continentality and the few big departures from a zonal climate are written down
 * here as latitude/longitude boxes with soft edges, from general knowledge of world climate
 * (Köppen maps, station normals). They are deliberately rough: a later issue replaces them with
 * data. Each box is 1 inside, falling smoothly to 0 at `edge` degrees (great-circle) outside.
 */
interface Box {
  readonly south: number;
  readonly north: number;
  readonly west: number;
  readonly east: number;
  readonly edge: number;
}

interface Continental extends Box {
  /** 0 maritime … 1 the most continental interior (Yakutsk). */
  readonly peak: number;
}

interface Anomaly extends Box {
  /** °C added to the January (NH) / July (SH) mean, i.e. to midwinter. */
  readonly winter: number;
  /** °C added to midsummer. */
  readonly summer: number;
}

// prettier-ignore
const CONTINENTAL: readonly Continental[] = [
  // Eurasia
  { south: 50, north: 72, west: 90, east: 165, edge: 10, peak: 1 }, // Siberia
  { south: 45, north: 66, west: 55, east: 88, edge: 8, peak: 0.75 }, // West Siberia, Kazakhstan
  { south: 42, north: 55, west: 88, east: 128, edge: 6, peak: 0.85 }, // Mongolia, Manchuria
  { south: 48, north: 68, west: 50, east: 60, edge: 10, peak: 0.6 }, // European Russia
  { south: 45, north: 58, west: 12, east: 42, edge: 8, peak: 0.3 }, // Central and Eastern Europe
  { south: 36, north: 44, west: -6, east: 0, edge: 3, peak: 0.2 }, // Iberian meseta
  { south: 28, north: 40, west: 44, east: 72, edge: 5, peak: 0.6 }, // Iranian plateau, Afghanistan
  { south: 28, north: 38, west: 72, east: 102, edge: 4, peak: 0.6 }, // Tibet
  { south: 18, north: 30, west: 38, east: 52, edge: 4, peak: 0.65 }, // Arabia
  { south: 22, north: 30, west: 74, east: 88, edge: 5, peak: 0.4 }, // North Indian plain
  // Africa
  { south: 16, north: 27, west: -10, east: 30, edge: 4, peak: 0.7 }, // Sahara
  { south: -30, north: -15, west: 18, east: 32, edge: 4, peak: 0.3 }, // Southern African plateau
  // Americas
  { south: 58, north: 70, west: -125, east: -80, edge: 5, peak: 1 }, // Northern Canada
  { south: 50, north: 58, west: -105, east: -80, edge: 8, peak: 1 }, // Canadian Prairies, Manitoba
  { south: 55, north: 70, west: -95, east: -60, edge: 4, peak: 0.85 }, // Hudson Bay, Baffin (frozen sea)
  { south: 63, north: 69, west: -160, east: -140, edge: 3, peak: 0.75 }, // Interior Alaska, Yukon
  { south: 66, north: 83, west: -170, east: -60, edge: 4, peak: 0.6 }, // Arctic coasts, archipelago
  { south: 35, north: 50, west: -100, east: -82, edge: 6, peak: 0.85 }, // Plains, Midwest
  { south: 38, north: 48, west: -82, east: -70, edge: 4, peak: 0.7 }, // Northeast US, Quebec
  { south: 31, north: 37, west: -116, east: -104, edge: 2, peak: 0.45 }, // Southwest deserts
  { south: -30, north: -8, west: -65, east: -45, edge: 5, peak: 0.35 }, // Brazilian interior
  { south: -40, north: -28, west: -68, east: -60, edge: 5, peak: 0.35 }, // Pampas
  // Australia, ice sheets
  { south: -32, north: -18, west: 120, east: 145, edge: 5, peak: 0.65 }, // Australian interior
  { south: 68, north: 80, west: -45, east: -28, edge: 3, peak: 0.8 }, // Greenland ice sheet
  { south: -90, north: -82, west: -180, east: 180, edge: 4, peak: 1 }, // Antarctic ice sheet
  { south: -90, north: -75, west: 30, east: 150, edge: 4, peak: 1 }, // East Antarctic plateau
];

// prettier-ignore
const ANOMALIES: readonly Anomaly[] = [
  { south: 45, north: 60, west: -30, east: 10, edge: 8, winter: 3, summer: 0 }, // North Atlantic Drift
  { south: 60, north: 68, west: -25, east: 8, edge: 3, winter: 7, summer: 1 }, // Iceland, Faroes, west Norway
  { south: 68, north: 80, west: -10, east: 35, edge: 3, winter: 9, summer: 2 }, // Norwegian, Barents Seas
  { south: 60, north: 72, west: 110, east: 150, edge: 8, winter: -11, summer: 0 }, // Siberian High
  { south: 28, north: 45, west: 105, east: 145, edge: 6, winter: -8, summer: 0 }, // East Asian winter monsoon
  { south: 56, north: 75, west: -95, east: -60, edge: 3, winter: 0, summer: -6 }, // Hudson Bay, Baffin sea ice
  { south: 72, north: 90, west: -180, east: -10, edge: 3, winter: 0, summer: -4 }, // Arctic sea ice (west)
  { south: 72, north: 90, west: 60, east: 180, edge: 3, winter: 0, summer: -4 }, // Arctic sea ice (east)
  { south: 84, north: 90, west: -180, east: 180, edge: 3, winter: 0, summer: -4 }, // Arctic sea ice (pole)
  { south: 42, north: 58, west: 130, east: 160, edge: 2, winter: 0, summer: -4 }, // Okhotsk, Sea of Japan chill
  { south: 35, north: 45, west: -110, east: -100, edge: 3, winter: 1, summer: 5 }, // High Plains, elevated heating
  { south: 32, north: 45, west: -10, east: 40, edge: 4, winter: 0, summer: 3 }, // Mediterranean summer
  { south: 29, north: 37, west: -116, east: -108, edge: 4, winter: 3, summer: 6 }, // Sonoran, Mojave heat
  { south: 15, north: 27, west: -8, east: 30, edge: 4, winter: 0, summer: 4 }, // Saharan heat
  { south: 18, north: 30, west: 40, east: 56, edge: 4, winter: 0, summer: 5 }, // Arabian heat
  { south: 28, north: 40, west: 44, east: 72, edge: 4, winter: 1, summer: 6 }, // Iranian, Afghan plateaus
  { south: 30, north: 40, west: -126, east: -118, edge: 2, winter: 0, summer: -4 }, // California Current
  { south: -30, north: -4, west: -82, east: -76, edge: 3, winter: -5, summer: -4 }, // Humboldt Current
  { south: -35, north: -15, west: 10, east: 16, edge: 3, winter: -3, summer: -4 }, // Benguela Current
];

function boxWeight(box: Box, lat: number, lon: number): number {
  const dLat = lat < box.south ? box.south - lat : lat > box.north ? lat - box.north : 0;
  let dLon = 0;
  if (lon < box.west || lon > box.east) {
    dLon = Math.min(lonGap(lon, box.west), lonGap(lon, box.east)) * Math.cos(lat * RAD);
  }
  if (dLat >= box.edge || dLon >= box.edge) return 0;
  return 1 - smoothstep(0, box.edge, Math.hypot(dLat, dLon));
}

/** 0 (open ocean, windward coasts) … 1 (deep continental interior). */
export function continentality(lat: number, lon: number): number {
  let maritime = 1;
  for (const region of CONTINENTAL) maritime *= 1 - region.peak * boxWeight(region, lat, lon);
  return 1 - maritime;
}

export interface SeasonalAnomaly {
  readonly winter: number;
  readonly summer: number;
}

/** Regional departures (°C) from the zonal climate: warm and cold currents, winter highs, deserts. */
export function regionalAnomaly(lat: number, lon: number): SeasonalAnomaly {
  let winter = 0;
  let summer = 0;
  for (const anomaly of ANOMALIES) {
    const w = boxWeight(anomaly, lat, lon);
    winter += anomaly.winter * w;
    summer += anomaly.summer * w;
  }
  return { winter, summer };
}

// prettier-ignore
const DESERTS: readonly Continental[] = [
  { south: 15, north: 31, west: -17, east: 33, edge: 3, peak: 1 }, // Sahara, Egypt
  { south: 15, north: 32, west: 34, east: 58, edge: 3, peak: 0.9 }, // Arabia
  { south: 25, north: 38, west: 50, east: 70, edge: 3, peak: 0.7 }, // Iran, Afghanistan, Pakistan
  { south: 24, north: 30, west: 69, east: 75, edge: 2, peak: 0.7 }, // Thar
  { south: 38, north: 46, west: 52, east: 68, edge: 3, peak: 0.6 }, // Karakum, Kyzylkum
  { south: 37, north: 46, west: 76, east: 112, edge: 3, peak: 0.8 }, // Taklamakan, Gobi
  { south: 26, north: 37, west: -117, east: -105, edge: 2, peak: 0.8 }, // Sonoran, Mojave, Chihuahuan
  { south: -30, north: -18, west: -71, east: -67, edge: 2, peak: 0.8 }, // Atacama
  { south: -28, north: -17, west: 12, east: 25, edge: 3, peak: 0.7 }, // Namib, Kalahari
  { south: -32, north: -20, west: 118, east: 142, edge: 4, peak: 0.8 }, // Australian interior
  { south: -50, north: -38, west: -71, east: -65, edge: 2, peak: 0.4 }, // Patagonia
];

/** How desert-like the climate is: 0 … 1 (dry air, clear skies, rare rain, wide daily range). */
export function aridity(lat: number, lon: number): number {
  let wet = 1;
  for (const desert of DESERTS) wet *= 1 - desert.peak * boxWeight(desert, lat, lon);
  return 1 - wet;
}

// prettier-ignore
const HIGHLANDS: readonly (Box & { readonly metres: number })[] = [
  { south: -90, north: -80, west: -180, east: 180, edge: 12, metres: 2800 }, // Antarctic ice sheet
  { south: -90, north: -75, west: 30, east: 150, edge: 5, metres: 800 }, // East Antarctic plateau, on top
  { south: 68, north: 80, west: -45, east: -28, edge: 4, metres: 2500 }, // Greenland ice sheet
  { south: 29, north: 36, west: 80, east: 97, edge: 3, metres: 4500 }, // Tibetan plateau
];

/** Coarse ground elevation where no place says better (ice sheets and plateaus), metres. */
export function highlandElevationM(lat: number, lon: number): number {
  let metres = 0;
  for (const highland of HIGHLANDS) metres += highland.metres * boxWeight(highland, lat, lon);
  return metres;
}
