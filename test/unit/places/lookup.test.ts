import { beforeAll, describe, expect, it } from 'vitest';
import { foldName } from '../../../src/places/fold.js';
import { loadPlaceNames, placeLabel, type PlaceNames } from '../../../src/places/lookup.js';
import { writeNamesTable } from '../../../src/places/names-layout.js';
import { parsePlaceQuery } from '../../../src/places/query.js';
import { namesBytes } from '../../helpers/world.js';

let names: PlaceNames;
// Built from GeoNames on first use (seconds; more on a busy machine), then shared by every run.
beforeAll(async () => {
  names = loadPlaceNames(await namesBytes());
}, 120_000);

function resolve(index: PlaceNames, text: string, first = false): string {
  const r = index.resolve(parsePlaceQuery(text), first);
  if (r.kind === 'none') return 'none';
  if (r.kind === 'found') return `${placeLabel(r.place)} ${r.place.lat},${r.place.lon}`;
  return `ambiguous: ${r.candidates
    .slice(0, 3)
    .map((p) => placeLabel(p))
    .join(' | ')}`;
}

describe('foldName', () => {
  it.each([
    ['Zürich', 'zurich'],
    ['  SAINT-Étienne ', 'saint etienne'],
    ['Großräschen', 'grossraschen'],
    ['Łódź', 'lodz'],
    ["L'Aquila", 'laquila'],
    ['Москва', 'москва'],
  ])('%s → %s', (text, folded) => {
    expect(foldName(text)).toBe(folded);
  });
});

describe('parsePlaceQuery', () => {
  it.each([
    ['Paris', { name: 'Paris' }],
    ['Paris, fr', { name: 'Paris', country: 'FR' }],
    ['Springfield, US-il', { name: 'Springfield', country: 'US', region: 'IL' }],
  ])('%s', (text, query) => {
    expect(parsePlaceQuery(text)).toEqual(query);
  });

  it.each([
    [' , FR', 'no place name in " , FR"'],
    ['Paris, France', '"France" after the comma is not a country code or country-region code'],
  ])('rejects %s', (text, message) => {
    expect(() => parsePlaceQuery(text)).toThrow(message);
  });
});

describe('the GeoNames names index', () => {
  it.each([
    ['Paris', 'Paris, FR-11 48.85341,2.3488'],
    ['paris, us', 'ambiguous: Paris, US-TX | Paris, US-TN | Paris, US-KY'],
    ['Springfield', 'ambiguous: Springfield, US-MO | Springfield, US-MA | Springfield, US-IL'],
    ['Springfield, US-IL', 'Springfield, US-IL 39.80172,-89.64371'],
    ['zurich', 'Zürich, CH-ZH 47.36667,8.55'],
    ['ZÜRICH', 'Zürich, CH-ZH 47.36667,8.55'],
    ['Munich', 'Munich, DE-02 48.13743,11.57549'],
    ['München', 'Munich, DE-02 48.13743,11.57549'],
    ['Москва', 'Moscow, RU-48 55.75222,37.61556'],
    ['Sao Paulo', 'São Paulo, BR-27 -23.5475,-46.63611'],
    ['Atlantis, GR', 'none'],
  ])('%s', async (text, expected) => {
    expect(resolve(names, text)).toBe(expected);
  });

  it('takes the most populous with first', async () => {
    expect(resolve(names, 'Springfield', true)).toBe('Springfield, US-MO 37.21533,-93.29824');
  });

  it('searches exact names first, then names that start with the text', async () => {
    const found = names.search(parsePlaceQuery('Springf, US-IL'), 3).map(placeLabel);
    expect(found).toEqual(['Springfield, US-IL']);
    const spring = names.search(parsePlaceQuery('spring'), 3).map(placeLabel);
    expect(spring).toEqual(['Spring, US-TX', 'Şpring, RO-01', 'Springs, ZA-06']);
  });

  it('looks a name up in well under a millisecond once loaded', async () => {
    const index = names;
    const query = parsePlaceQuery('Springfield, US-IL');
    index.resolve(query, false);
    const started = performance.now();
    for (let i = 0; i < 1000; i++) index.resolve(query, false);
    expect((performance.now() - started) / 1000).toBeLessThan(1);
  });
});

describe('names table', () => {
  it('round-trips a small table, the most populous first among equal names', () => {
    const bytes = writeNamesTable([
      { name: 'A', lat: 1, lon: 2, country: 'FR', region: '11', population: 10, keys: ['a'] },
      { name: 'A2', lat: -1, lon: -2, country: '', region: '', population: 500, keys: ['a', 'b'] },
    ]);
    const index = loadPlaceNames(bytes);
    expect(index.exact({ name: 'a' })).toEqual([
      { name: 'A2', country: '', region: '', population: 500, lat: -1, lon: -2 },
      { name: 'A', country: 'FR', region: '11', population: 10, lat: 1, lon: 2 },
    ]);
    expect(() => loadPlaceNames(bytes.subarray(0, 100))).toThrow('names index is truncated');
    expect(() => loadPlaceNames(new Uint8Array(200))).toThrow('names index has another format');
  });
});
