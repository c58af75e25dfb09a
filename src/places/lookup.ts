import { foldName } from './fold.js';
import {
  compareBytes,
  readNamesTable,
  unpackCountry,
  UNITS_PER_DEGREE,
  type NamesTable,
} from './names-layout.js';
import type { PlaceQuery } from './query.js';

/** A place found by name, as `--place` and `weather places search` show it. */
export interface NamedPlace {
  readonly name: string;
  /** ISO 3166-1 alpha-2, or ''. */
  readonly country: string;
  /** GeoNames admin-1 code ('IL' in the US, '11' for Île-de-France), or ''. */
  readonly region: string;
  readonly population: number;
  readonly lat: number;
  readonly lon: number;
}

/**
 * A name is taken without asking when one place has it, or when the most populous place of that
 * name has at least this many times the people of the next: "Paris" is the capital, not the town
 * in Texas; the Springfields of the US are too alike to choose between.
 */
export const DOMINANCE = 10;
/** Prefix searches look at this many index entries at most, so a one-letter search stays fast. */
const PREFIX_SCAN_LIMIT = 20_000;

export type Resolution =
  | { readonly kind: 'found'; readonly place: NamedPlace }
  | { readonly kind: 'ambiguous'; readonly candidates: readonly NamedPlace[] }
  | { readonly kind: 'none' };

export class PlaceNames {
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();

  constructor(private readonly t: NamesTable) {}

  get size(): number {
    return this.t.places;
  }

  /** Places with exactly this name, most populous first. */
  exact(query: PlaceQuery): NamedPlace[] {
    const key = this.encoder.encode(foldName(query.name));
    const found: number[] = [];
    for (let i = this.lowerBound(key); i < this.t.keys; i++) {
      if (compareBytes(this.keyAt(i), key) !== 0) break;
      found.push(this.t.keyPlace[i] ?? 0);
    }
    return this.places(found, query);
  }

  /** Places with this name, then places whose name starts with it; most populous first in each. */
  search(query: PlaceQuery, limit: number): NamedPlace[] {
    const key = this.encoder.encode(foldName(query.name));
    const exact: number[] = [];
    const prefixed: number[] = [];
    const end = Math.min(this.t.keys, this.lowerBound(key) + PREFIX_SCAN_LIMIT);
    for (let i = this.lowerBound(key); i < end; i++) {
      const k = this.keyAt(i);
      if (!startsWith(k, key)) break;
      (k.length === key.length ? exact : prefixed).push(this.t.keyPlace[i] ?? 0);
    }
    const seen = new Set(exact);
    const first = this.places(exact, query);
    const then = this.places(
      prefixed.filter((p) => !seen.has(p)),
      query,
    );
    return [...first, ...then].slice(0, limit);
  }

  /** The place a query names, or the candidates when it names several of like size. */
  resolve(query: PlaceQuery, first: boolean): Resolution {
    const candidates = this.exact(query);
    const [top, next] = candidates;
    if (top === undefined) return { kind: 'none' };
    if (next === undefined || first || top.population >= DOMINANCE * next.population) {
      return { kind: 'found', place: top };
    }
    return { kind: 'ambiguous', candidates };
  }

  private keyAt(i: number): Uint8Array {
    return this.t.keyBytes.subarray(this.t.keyStart[i], this.t.keyStart[i + 1]);
  }

  private lowerBound(key: Uint8Array): number {
    let low = 0;
    let high = this.t.keys;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareBytes(this.keyAt(middle), key) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The places at these indices that match the query's country and region, deduplicated. */
  private places(indices: readonly number[], query: PlaceQuery): NamedPlace[] {
    const out: NamedPlace[] = [];
    for (const i of new Set(indices)) {
      const place = this.place(i);
      if (query.country !== undefined && place.country !== query.country) continue;
      if (query.region !== undefined && place.region.toUpperCase() !== query.region) continue;
      out.push(place);
    }
    return out.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
  }

  private place(i: number): NamedPlace {
    const t = this.t;
    const region = t.region[i] ?? 0;
    return {
      name: this.decoder.decode(t.names.subarray(t.nameStart[i], t.nameStart[i + 1])),
      country: unpackCountry(t.country[i] ?? 0),
      region: this.decoder.decode(
        t.regionNames.subarray(t.regionStart[region], t.regionStart[region + 1]),
      ),
      population: t.population[i] ?? 0,
      lat: (t.lat[i] ?? 0) / UNITS_PER_DEGREE,
      lon: (t.lon[i] ?? 0) / UNITS_PER_DEGREE,
    };
  }
}

function startsWith(key: Uint8Array, prefix: Uint8Array): boolean {
  if (key.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (key[i] !== prefix[i]) return false;
  return true;
}

/** Opens the names index held in `bytes` (the contents of data/names.bin). */
export function loadPlaceNames(bytes: Uint8Array): PlaceNames {
  return new PlaceNames(readNamesTable(bytes));
}

/** "Springfield, US-IL": how a place is written back, in a form `--place` accepts. */
export function placeLabel(place: NamedPlace): string {
  const where = [place.country, place.region].filter(Boolean).join('-');
  return where === '' ? place.name : `${place.name}, ${where}`;
}
