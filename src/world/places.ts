import type { PositionedRead } from '../core/data-files.js';
import { EARTH_RADIUS_KM, lonGap, RAD } from './geo.js';
import { cellOf, openPlacesFile, readPlacesTable, type PlacesFile } from './places-layout.js';
import type { Place } from './types.js';

/**
 * Farthest a place may be and still name a coordinate on land. GeoNames cities500 leaves out
 * settlements under 500 people, so on sparsely settled land (the Sahara, the Arctic, small Pacific
 * islands such as Taveuni) the nearest listed place is routinely 50–100 km away; 100 km still names
 * the region someone is in, while the ice caps stay unnamed.
 */
export const NAME_RADIUS_KM = 100;

/**
 * Farthest a place may be and still name a point at sea: its coastal waters. The live service
 * answers `"id":0,"name":""` (no `sys.country`) at sea. The captures bound the radius: the
 * documentation's 57, -2.15 off Newtonhill's shore is "Newtonhill", 3.7 km from the town's point
 * (test/fixtures/owm-truth/owmdocs_current_newtonhill_units_metric.json), while every sea point of
 * public captures is unnamed, the nearest 236 km from a town (-3, 43 off Somalia; also 37.86, 145.13
 * east of Japan at 324 km, 60, -60 at 504 km, 1.1, 1.1 at 507 km; public files 39734308126,
 * 17939746330, 20163034956, 30929831824), as are the poles and 0, ±180 (423 km from Kiribati;
 * mantix1_baseline_observations_copy.md). Within those bounds the radius is the territorial sea,
 * 12 nautical miles (22.2 km) from the shore, plus a few kilometres from a town's point to its
 * shore: a sea point 50–100 km out is nobody's town. test/unit/world/edges.test.ts holds these.
 */
export const SEA_NAME_RADIUS_KM = 25;

/**
 * Below this land share (the climatology's 0.5° land grid, interpolated) a point counts as at sea:
 * 25 km off a straight coast the share is about 0.06, 10 km off about 0.3, and every point within
 * reach of a populated shore that is not itself a small island stays above it.
 */
export const SEA_LAND_SHARE = 0.1;

/** How far a place may be and still name a point whose land share is `landShare`. */
export function nameRadiusKm(landShare: number): number {
  return landShare < SEA_LAND_SHARE ? SEA_NAME_RADIUS_KM : NAME_RADIUS_KM;
}

/**
 * GeoNames splits big cities into many sections (PPLX), so a coordinate in central Tokyo is nearer
 * a neighbourhood than the city's own point. A place's distance is therefore divided by
 * 1 + 0.2·log10(population / 500): a city of millions wins against a village or a district that
 * is up to 1.5–2 times nearer, never against one the coordinate is right in. Equal scores go to
 * the lower GeoNames id, so the answer never depends on the order of the file.
 */
const PREFERENCE_PER_DECADE = 0.2;
const MIN_POPULATION = 500;
const MAX_PREFERENCE = 1 + PREFERENCE_PER_DECADE * Math.log10(0xffffffff / MIN_POPULATION);

const KM_PER_DEGREE = EARTH_RADIUS_KM * RAD;
const UNITS_PER_DEGREE = 1e5;

export interface PlaceMatch {
  readonly place: Place;
  /** Great-circle distance to the place, km; Infinity when no place is near. */
  readonly distanceKm: number;
  readonly population: number;
  /** Metres above sea level. */
  readonly elevationM: number;
  /** The IANA zone the place keeps; '' when none is known. */
  readonly zone: string;
}

export interface PlaceIndex {
  readonly size: number;
  /**
   * The place naming (lat, lon); `{ id: 0, name: '' }` when none is within `radiusKm`
   * (NAME_RADIUS_KM unless told).
   */
  nearest(lat: number, lon: number, radiusKm?: number): PlaceMatch;
  /** Calls `visit` for every place within `radiusKm`, in no particular order. */
  forEachWithin(
    lat: number,
    lon: number,
    radiusKm: number,
    visit: (distanceKm: number, elevationM: number, population: number) => void,
  ): void;
}

const NOWHERE: PlaceMatch = {
  place: { id: 0, name: '' },
  distanceKm: Infinity,
  population: 0,
  elevationM: 0,
  zone: '',
};

function preference(population: number): number {
  return (
    1 + PREFERENCE_PER_DECADE * Math.log10(Math.max(population, MIN_POPULATION) / MIN_POPULATION)
  );
}

/** One search around a point, handed down from `scan` to every cell and place it looks at. */
interface Search {
  readonly lat: number;
  readonly lon: number;
  /** cos(lat), for the haversine distance. */
  readonly cosLat: number;
  readonly radiusKm: number;
  /**
   * Longitude gap, degrees, beyond which a place is surely farther than `radiusKm` (the distance
   * to the meridian of the place, with a margin for rounding); Infinity when the circle reaches
   * a pole.
   */
  readonly maxLonGap: number;
  /** The distance a place must beat when it does not shrink (forEachWithin). */
  readonly limitKm: number;
  /** What `nearest` has found so far. */
  best: number;
  bestScore: number;
  bestKm: number;
  /** The visitor of `forEachWithin`; undefined for `nearest`. */
  readonly visit:
    ((distanceKm: number, elevationM: number, population: number) => void) | undefined;
}

/** Relative margin on the longitude cut-off: far above any rounding, far below any real gap. */
const LON_GAP_MARGIN = 1e-9;

class GridPlaceIndex implements PlaceIndex {
  private readonly decoder = new TextDecoder();
  /**
   * Per place, filled a cell at a time on first visit (most of the world is never asked about):
   * latitude and longitude in degrees, and the cosine of the latitude, exactly as the distance
   * formula computed them on every visit before.
   */
  private readonly latDeg: Float64Array;
  private readonly lonDeg: Float64Array;
  private readonly cosLat: Float64Array;
  private readonly prefer: Float64Array;
  private readonly ready: Uint8Array;

  constructor(private readonly t: PlacesFile) {
    this.latDeg = new Float64Array(t.count);
    this.lonDeg = new Float64Array(t.count);
    this.cosLat = new Float64Array(t.count);
    this.prefer = new Float64Array(t.count);
    this.ready = new Uint8Array(t.latCells * t.lonCells);
  }

  get size(): number {
    return this.t.count;
  }

  nearest(lat: number, lon: number, radiusKm = NAME_RADIUS_KM): PlaceMatch {
    const search = this.begin(lat, lon, radiusKm, Infinity, undefined);
    this.scan(search);
    const { best, bestKm } = search;
    return best < 0 ? NOWHERE : this.match(best, bestKm);
  }

  forEachWithin(
    lat: number,
    lon: number,
    radiusKm: number,
    visit: (distanceKm: number, elevationM: number, population: number) => void,
  ): void {
    this.scan(this.begin(lat, lon, radiusKm, radiusKm, visit));
  }

  private begin(
    lat: number,
    lon: number,
    radiusKm: number,
    limitKm: number,
    visit: Search['visit'],
  ): Search {
    const cosLat = Math.cos(lat * RAD);
    const sinRadius = Math.sin(radiusKm / EARTH_RADIUS_KM);
    const radiusDeg = radiusKm / KM_PER_DEGREE;
    const maxLonGap =
      lat + radiusDeg < 90 && lat - radiusDeg > -90 && sinRadius < cosLat
        ? (Math.asin(sinRadius / cosLat) / RAD) * (1 + LON_GAP_MARGIN) + LON_GAP_MARGIN
        : Infinity;
    return {
      lat,
      lon,
      cosLat,
      radiusKm,
      maxLonGap,
      limitKm,
      best: -1,
      bestScore: Infinity,
      bestKm: Infinity,
      visit,
    };
  }

  private match(i: number, distanceKm: number): PlaceMatch {
    const t = this.t;
    const name = this.decoder.decode(t.nameBytes(i));
    const country = t.countryCodes[t.country[i] ?? 0] ?? '';
    const id = t.id[i] ?? 0;
    return {
      place: country === '' ? { id, name } : { id, name, country },
      distanceKm,
      population: t.population[i] ?? 0,
      elevationM: t.elevation[i] ?? 0,
      zone: t.zoneNames[t.zone[i] ?? 0] ?? '',
    };
  }

  /**
   * Visits every place within `radiusKm` whose distance may still beat the limit: the cell
   * holding the point first, then the cells of the bounding box of the search circle (all
   * longitudes when the circle reaches a pole), skipping cells whose nearest edge is too far.
   */
  private scan(search: Search): void {
    const { latCells, lonCells } = this.t;
    const { lat, lon, radiusKm, cosLat } = search;
    const radiusDeg = radiusKm / KM_PER_DEGREE;
    const sinRadius = Math.sin(radiusKm / EARTH_RADIUS_KM);
    const home = cellOf(lat, lon);
    this.scanCell(home, search);

    const firstRow = Math.max(0, Math.floor(lat - radiusDeg) + 90);
    const lastRow = Math.min(latCells - 1, Math.floor(lat + radiusDeg) + 90);
    let firstCol = 0;
    let cols = lonCells;
    if (lat + radiusDeg < 90 && lat - radiusDeg > -90 && sinRadius < cosLat) {
      const spread = Math.asin(sinRadius / cosLat) / RAD;
      firstCol = Math.floor(lon - spread) + 180;
      cols = Math.min(lonCells, Math.floor(lon + spread) + 180 - firstCol + 1);
    }
    for (let row = firstRow; row <= lastRow; row++) {
      const south = row - 90;
      const latGap = lat < south ? south - lat : lat > south + 1 ? lat - south - 1 : 0;
      for (let k = 0; k < cols; k++) {
        const col = (((firstCol + k) % lonCells) + lonCells) % lonCells;
        if (row * lonCells + col === home) continue;
        // Lower bound of the distance to any point of the cell: its latitude gap, or the distance
        // to the meridian of its nearest edge (which grows with the longitude gap up to 90°).
        const gap = Math.max(0, lonGap(lon, col - 180 + 0.5) - 0.5);
        const meridianKm = EARTH_RADIUS_KM * Math.asin(cosLat * Math.sin(Math.min(gap, 90) * RAD));
        const bound = Math.max(latGap * KM_PER_DEGREE, meridianKm);
        if (bound > radiusKm || bound > this.limit(search)) continue;
        this.scanCell(row * lonCells + col, search);
      }
    }
  }

  /** The distance a place must still beat: within a preference factor of the best so far. */
  private limit(search: Search): number {
    return search.visit === undefined ? search.bestScore * MAX_PREFERENCE : search.limitKm;
  }

  /** Loads a cell's places and fills their derived columns, once. */
  private prepare(cell: number, start: number, end: number): void {
    if (this.ready[cell] === 1) return;
    const t = this.t;
    t.load(start, end);
    for (let i = start; i < end; i++) {
      const placeLat = (t.lat[i] ?? 0) / UNITS_PER_DEGREE;
      this.latDeg[i] = placeLat;
      this.lonDeg[i] = (t.lon[i] ?? 0) / UNITS_PER_DEGREE;
      this.cosLat[i] = Math.cos(placeLat * RAD);
      this.prefer[i] = preference(t.population[i] ?? 0);
    }
    this.ready[cell] = 1;
  }

  /**
   * Places in a cell are sorted by latitude (places-layout.ts): start at the point's
   * latitude and sweep north and south, stopping each way once the latitude gap alone exceeds
   * what could still count. The limit shrinks as nearer places turn up.
   */
  private scanCell(cell: number, search: Search): void {
    const t = this.t;
    const start = t.cellStart[cell] ?? 0;
    const end = t.cellStart[cell + 1] ?? 0;
    if (start === end) return;
    this.prepare(cell, start, end);
    const target = search.lat * UNITS_PER_DEGREE;
    let low = start;
    let high = end;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((t.lat[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < end; i++) {
      if (!this.visitIfNear(i, search)) break;
    }
    for (let i = low - 1; i >= start; i--) {
      if (!this.visitIfNear(i, search)) break;
    }
  }

  /** Visits place `i` if within reach; false once its latitude alone puts it out of reach. */
  private visitIfNear(i: number, search: Search): boolean {
    const { lat, lon, cosLat, radiusKm } = search;
    const placeLat = this.latDeg[i] ?? 0;
    const latKm = Math.abs(placeLat - lat) * KM_PER_DEGREE;
    if (latKm > radiusKm || latKm > this.limit(search)) return false;
    const placeLon = this.lonDeg[i] ?? 0;
    if (lonGap(placeLon, lon) > search.maxLonGap) return true;
    const s = Math.sin(((placeLat - lat) * RAD) / 2);
    const w = Math.sin(((placeLon - lon) * RAD) / 2);
    const h = s * s + cosLat * (this.cosLat[i] ?? 0) * w * w;
    const km = 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
    if (km > radiusKm) return true;
    const { visit } = search;
    if (visit !== undefined) {
      visit(km, this.t.elevation[i] ?? 0, this.t.population[i] ?? 0);
      return true;
    }
    const score = km / (this.prefer[i] ?? 1);
    const t = this.t;
    if (
      score < search.bestScore ||
      (score === search.bestScore && (t.id[i] ?? 0) < (t.id[search.best] ?? 0))
    ) {
      search.best = i;
      search.bestScore = score;
      search.bestKm = km;
    }
    return true;
  }
}

/** Opens the places index held in `bytes` (the contents of data/places.bin). */
export function loadPlaces(bytes: Uint8Array): PlaceIndex {
  const t = readPlacesTable(bytes);
  return new GridPlaceIndex({
    ...t,
    load: () => undefined,
    nameBytes: (i) => t.names.subarray(t.nameStart[i], t.nameStart[i + 1]),
  });
}

/**
 * Opens the places index of a file read through `read`, a cell at a time as lookups need them;
 * the whole file is read only on a host whose byte order the file does not share.
 */
export function openPlaces(read: PositionedRead, readAll: () => Uint8Array): PlaceIndex {
  const file = openPlacesFile(read);
  return file === undefined ? loadPlaces(readAll()) : new GridPlaceIndex(file);
}
