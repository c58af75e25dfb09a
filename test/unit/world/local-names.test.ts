import { beforeAll, describe, expect, it } from 'vitest';
import { readFromBytes } from '../../../src/core/data-files.js';
import { canonicalLang } from '../../../src/core/lang.js';
import { handle } from '../../../src/server/handler.js';
import { openLocalNamesFile, writeLocalNamesTable } from '../../../src/world/local-names-layout.js';
import { loadWorld } from '../../../src/world/index.js';
import type { Place, World } from '../../../src/world/types.js';
import { ACTIVE, deps } from '../../helpers/fixed-world.js';
import { truth, truthFiles } from '../../helpers/fixtures.js';
import { localNamesBytes, TEST_PLATFORM, testWorld } from '../../helpers/world.js';

const MOSCOW: Place = { id: 524901, name: 'Moscow', country: 'RU' };

describe('the local names layout', () => {
  const bytes = writeLocalNamesTable(
    ['de', 'fr', 'zh_tw'],
    [
      { id: 524901, names: { de: 'Moskau', fr: 'Moscou', zh_tw: '莫斯科' } },
      { id: 2950159, names: { fr: 'Berlin-Est' } },
      { id: 7, names: {} },
    ],
  );

  it('reads back each name, and none where a place has none or is not in the file', () => {
    const file = openLocalNamesFile(readFromBytes(bytes, 'local-names.bin'));
    const name = (id: number, lang: string): string | undefined => file.nameOf(id, lang);
    expect([
      file.languages,
      [...file.ids],
      name(524901, 'de'),
      name(524901, 'fr'),
      name(524901, 'zh_tw'),
      name(2950159, 'fr'),
      name(2950159, 'de'),
      name(7, 'fr'),
      name(524901, 'it'),
      name(8, 'fr'),
      name(0, 'fr'),
    ]).toEqual([
      ['de', 'fr', 'zh_tw'],
      [7, 524901, 2950159],
      'Moskau',
      'Moscou',
      '莫斯科',
      'Berlin-Est',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('reads the header and the index, then a language when one of its places is asked for', () => {
    const reads: number[] = [];
    const read = readFromBytes(bytes, 'local-names.bin');
    const file = openLocalNamesFile((target, position) => {
      reads.push(position);
      read(target, position);
    });
    expect(reads.length).toBe(2);
    file.nameOf(8, 'fr');
    file.nameOf(524901, 'xx');
    expect(reads.length).toBe(2);
    file.nameOf(524901, 'fr');
    file.nameOf(2950159, 'fr');
    expect(reads.length).toBe(3);
    file.nameOf(524901, 'de');
    expect(reads.length).toBe(4);
  });

  it('refuses what is not a local names file, and a repeated place', () => {
    const other = new Uint8Array(64);
    expect(() => openLocalNamesFile(readFromBytes(other, 'local-names.bin'))).toThrow(
      'local names table has an unknown format; rebuild it with `npm run build`',
    );
    expect(() =>
      openLocalNamesFile(readFromBytes(bytes.subarray(0, 40), 'local-names.bin')),
    ).toThrow('data/local-names.bin is truncated: run `npm run build`');
    expect(() =>
      writeLocalNamesTable(
        ['fr'],
        [
          { id: 1, names: {} },
          { id: 1, names: {} },
        ],
      ),
    ).toThrow('place 1 is repeated or not a GeoNames id');
  });
});

describe("the places' names in the API's languages (data/local-names.bin, from CLDR)", () => {
  let world: World;
  // Building the data files of a fresh checkout takes a while: in a hook, with its longer timeout.
  beforeAll(async () => {
    world = await testWorld();
  });

  // Every response of the live service in a language other than English, in the samples, and the
  // name of its place in English (GeoNames'): Moscou; Berlin in German; Kharkiv, a city that names
  // no time zone, in Ukrainian.
  const samples = truthFiles('.json')
    .map((name) => ({ name, lang: /_lang_([a-z_]+)\.json$/.exec(name)?.[1] ?? 'en' }))
    .filter((sample) => sample.lang !== 'en');
  const ENGLISH: Readonly<Record<number, string>> = {
    524901: 'Moscow',
    2950159: 'Berlin',
    706483: 'Kharkiv',
  };

  it.each(samples)('match the live service in $name', async ({ name, lang }) => {
    const body = JSON.parse(truth(name).toString('utf8')) as { id: number; name: string };
    const place: Place = { id: body.id, name: ENGLISH[body.id] ?? '' };
    expect(await world.nameIn(place, canonicalLang(lang) ?? '')).toBe(body.name);
  });

  it.each([
    ['fr', 'Moscou'],
    ['de', 'Moskau'],
    ['pt', 'Moscovo'],
    ['pt_br', 'Moscou'],
    ['zh_cn', '莫斯科'],
    ['la', 'Maskava'],
    ['sr', 'Moskva'],
    ['en', 'Moscow'],
  ])('name Moscow in %s %s', async (lang, name) => {
    expect(await world.nameIn(MOSCOW, lang)).toBe(name);
  });

  it("keep a place's own name in a language CLDR has no name of its own in", async () => {
    const berlin: Place = { id: 2950159, name: 'Berlin', country: 'DE' };
    expect([await world.nameIn(berlin, 'it'), await world.nameIn(berlin, 'de')]).toEqual([
      'Berlino',
      'Berlin',
    ]);
  });

  it('name no point nobody names', async () => {
    expect(await world.nameIn({ id: 0, name: '' }, 'fr')).toBe('');
  });

  it('are read when a language other than English first asks, once', async () => {
    const asked: string[] = [];
    const world = await loadWorld({
      readData: (name) => {
        asked.push(name);
        return TEST_PLATFORM.readData?.(name) ?? Promise.reject(new Error('no data'));
      },
    });
    const before = asked.length;
    await world.nameIn(MOSCOW, 'en');
    expect(asked.length).toBe(before);
    await world.nameIn(MOSCOW, 'fr');
    await world.nameIn(MOSCOW, 'de');
    expect(asked.slice(before)).toEqual(['local-names.bin']);
  });

  it('name the place in every representation', async () => {
    const answer = async (mode: string): Promise<string> => {
      const r = await handle(
        {
          method: 'GET',
          url: `/data/2.5/weather?lat=55.75&lon=37.62&lang=fr&mode=${mode}&appid=${ACTIVE}`,
          headers: {},
        },
        deps({ world }),
      );
      return Buffer.from(r.body).toString('utf8');
    };
    const json = JSON.parse(await answer('json')) as { id: number; name: string };
    expect([
      [json.id, json.name],
      /<city [^>]*>/.exec(await answer('xml'))?.[0],
      /<title>.*<\/title>/.exec(await answer('html'))?.[0],
    ]).toEqual([[524901, 'Moscou'], '<city id="524901" name="Moscou">', '<title>Moscou</title>']);
  });

  it('are a few hundred places in every language but English', async () => {
    const file = openLocalNamesFile(readFromBytes(await localNamesBytes(), 'local-names.bin'));
    expect(file.languages).not.toContain('en');
    expect(file.languages.length).toBe(48);
    expect(file.ids.length).toBeGreaterThan(250);
  });
});
