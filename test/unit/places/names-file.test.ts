import { beforeAll, describe, expect, it } from 'vitest';
import type { PositionedFile } from '../../../src/core/data-files.js';
import { loadPlaceNames, openPlaceNames, type PlaceNames } from '../../../src/places/lookup.js';
import { readNamesTable } from '../../../src/places/names-layout.js';
import { parsePlaceQuery } from '../../../src/places/query.js';
import { namesBytes } from '../../helpers/world.js';

let bytes: Uint8Array;
let whole: PlaceNames;
/** Every 1000th key of the index, as text. */
let everyThousandth: string[];

// Built from GeoNames on first use (seconds; more on a busy machine), then shared by every run.
beforeAll(async () => {
  bytes = await namesBytes();
  whole = loadPlaceNames(bytes);
  const table = readNamesTable(bytes);
  const decoder = new TextDecoder();
  everyThousandth = [];
  for (let i = 0; i < table.keys; i += 1000) {
    const entry = table.block(Math.floor(i / table.blockKeys))[i % table.blockKeys];
    if (entry !== undefined) everyThousandth.push(decoder.decode(entry.key));
  }
}, 120_000);

/** The index over `bytes` read through positioned reads, counting the bytes read. */
function opened(): { index: PlaceNames; bytesRead: () => number } {
  let total = 0;
  const file: PositionedFile = {
    size: bytes.length,
    read: (target, position) => {
      if (position + target.length > bytes.length) throw new Error('names index is truncated');
      target.set(bytes.subarray(position, position + target.length));
      total += target.length;
    },
  };
  return { index: openPlaceNames(file), bytesRead: () => total };
}

/** Everything the index tells of a text: what it resolves to, with and without --first, and a search. */
function answers(index: PlaceNames, text: string): unknown {
  const query = parsePlaceQuery(text);
  return {
    resolved: index.resolve(query, false),
    first: index.resolve(query, true),
    search: index.search(query, 20),
    top: index.search(query, 3),
  };
}

describe('the names index read in parts', () => {
  it('answers as the index read whole: every 1000th name, prefixes, diacritics, ambiguous names', () => {
    const { index } = opened();
    const texts = [
      ...everyThousandth,
      ...everyThousandth.filter((_, i) => i % 10 === 0).map((key) => `${key}, US`),
      ...everyThousandth.filter((_, i) => i % 4 === 0).map((key) => key.slice(0, 4)),
      ...['a', 'z', 'sp', 'spring', 'san j', 'москва', 'zz', 'ÿ'],
      ...['Zürich', 'ZURICH', 'São Paulo', 'Łódź', 'MÜNCHEN', 'Saint-Étienne', 'Großräschen'],
      ...['Springfield', 'Springfield, US-IL', 'Paris', 'paris, us', 'San José', 'Atlantis, GR'],
    ];
    expect(everyThousandth.length).toBeGreaterThan(400);
    let found = 0;
    for (const text of texts) {
      const answer = answers(index, text);
      expect(answer, text).toEqual(answers(whole, text));
      if (index.resolve(parsePlaceQuery(text), true).kind === 'found') found++;
    }
    // Every name of the index names a place; most prefixes and "…, US" do not.
    expect(found).toBeGreaterThanOrEqual(everyThousandth.length);
  });

  it('opens reading the sparse index at its head, and reads a few kilobytes per lookup', () => {
    const { index, bytesRead } = opened();
    const opening = bytesRead();
    expect(opening).toBeLessThan(bytes.length / 50);
    const found = index.resolve(parsePlaceQuery('Springfield, US-IL'), false);
    expect(found.kind === 'found' && found.place.name).toBe('Springfield');
    expect(bytesRead() - opening).toBeLessThan(16_384);
  });

  it('searches a letter reading its blocks of names and the records of a few places', () => {
    const { index, bytesRead } = opened();
    const opening = bytesRead();
    expect(index.search(parsePlaceQuery('a'), 20)).toEqual(whole.search(parsePlaceQuery('a'), 20));
    expect(bytesRead() - opening).toBeLessThan(bytes.length / 20);
  });
});
