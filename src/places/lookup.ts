import { firstNotBelow, type PositionedFile } from '../core/data-files.js';
import { foldName } from './fold.js';
import {
  compareBytes,
  openNamesTable,
  readNamesTable,
  unpackCountry,
  UNITS_PER_DEGREE,
  type KeyEntry,
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
/** Records read at once when a search wants its most populous places only. */
const MIN_RECORDS_READ = 64;

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
    const found: KeyEntry[] = [];
    for (let i = this.lowerBound(key); i < this.t.keys; i++) {
      const entry = this.entryAt(i);
      if (compareBytes(entry.key, key) !== 0) break;
      found.push(entry);
    }
    return this.places(found, query);
  }

  /** Places with this name, then places whose name starts with it; most populous first in each. */
  search(query: PlaceQuery, limit: number): NamedPlace[] {
    const key = this.encoder.encode(foldName(query.name));
    const exact: KeyEntry[] = [];
    const prefixed: KeyEntry[] = [];
    const start = this.lowerBound(key);
    const end = Math.min(this.t.keys, start + PREFIX_SCAN_LIMIT);
    for (let i = start; i < end; i++) {
      const entry = this.entryAt(i);
      if (!startsWith(entry.key, key)) break;
      (entry.key.length === key.length ? exact : prefixed).push(entry);
    }
    const seen = new Set(exact.map((e) => e.record));
    const first = this.places(exact, query);
    const then = this.places(
      prefixed.filter((e) => !seen.has(e.record)),
      query,
      limit - first.length,
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

  private entryAt(i: number): KeyEntry {
    const { blockKeys } = this.t;
    const entry = this.t.block(Math.floor(i / blockKeys))[i % blockKeys];
    if (entry === undefined) throw new RangeError(`no key ${i} in the names index`);
    return entry;
  }

  /** The index of the first key not below `key`: the sparse index, then one block. */
  private lowerBound(key: Uint8Array): number {
    const t = this.t;
    // The last block whose first key is below `key`: the answer is in it, or starts the next.
    const after = firstNotBelow(t.blocks, (b) => compareBytes(t.firstKey(b), key) < 0);
    if (after === 0) return 0;
    const entries = t.block(after - 1);
    const within = firstNotBelow(
      entries.length,
      (i) => compareBytes(entries[i]?.key ?? key, key) < 0,
    );
    return (after - 1) * t.blockKeys + within;
  }

  /**
   * The places of these entries that match the query's country and region, deduplicated, most
   * populous first; with a limit, enough of them for the first `limit` (ties included), so that
   * a search among thousands of names reads the records of a few places.
   */
  private places(
    entries: readonly KeyEntry[],
    query: PlaceQuery,
    limit = Number.POSITIVE_INFINITY,
  ): NamedPlace[] {
    if (limit <= 0) return [];
    const seen = new Set<number>();
    const unique = entries.filter((e) => !seen.has(e.record) && seen.add(e.record));
    const order = unique.sort((a, b) => b.population - a.population);
    const out: NamedPlace[] = [];
    const batch = Math.max(MIN_RECORDS_READ, Math.min(limit, order.length));
    for (let i = 0; i < order.length; i += batch) {
      const last = out[limit - 1];
      // The next places are less populous than `limit` places found already: none can enter.
      if (last !== undefined && (order[i]?.population ?? 0) < last.population) break;
      for (const r of this.t.records(order.slice(i, i + batch))) {
        const place: NamedPlace = {
          name: this.decoder.decode(r.name),
          country: unpackCountry(r.country),
          region: this.decoder.decode(r.region),
          population: r.population,
          lat: r.lat / UNITS_PER_DEGREE,
          lon: r.lon / UNITS_PER_DEGREE,
        };
        if (query.country !== undefined && place.country !== query.country) continue;
        if (query.region !== undefined && place.region.toUpperCase() !== query.region) continue;
        out.push(place);
      }
    }
    return out.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
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

/**
 * Opens the names index of a file of `size` bytes read through `read`, a block of keys and a few
 * records per lookup: opening reads the head of the file (about 130 KB), not its 15 MB.
 */
export function openPlaceNames(file: PositionedFile): PlaceNames {
  return new PlaceNames(
    openNamesTable((position, length) => {
      const bytes = new Uint8Array(length);
      file.read(bytes, position);
      return bytes;
    }, file.size),
  );
}

/** "Springfield, US-IL": how a place is written back, in a form `--place` accepts. */
export function placeLabel(place: NamedPlace): string {
  const where = [place.country, place.region].filter(Boolean).join('-');
  return where === '' ? place.name : `${place.name}, ${where}`;
}
