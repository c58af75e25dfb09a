import { beforeAll, describe, expect, it } from 'vitest';
import {
  forgetFormatters,
  icuUtcOffsetSeconds,
  tabledUtcOffsets,
  utcOffsetSeconds,
  zoneAt,
} from '../../../src/world/timezone.js';
import { openZonesFile, writeZonesTable, type ZonesFile } from '../../../src/world/zones-layout.js';
import { readFromBytes } from '../../../src/core/data-files.js';
import { placesBytes, sequence, utc, zonesBytes } from '../../helpers/world.js';
import { readPlacesTable } from '../../../src/world/places-layout.js';

const TZ = process.versions.tz ?? '';

/** A zone with summer time from 100 to 200, and one always 3 h 30 min behind UTC. */
const SUMMER = {
  name: 'Test/Summer',
  transitions: [
    [0, 0],
    [100, 3600],
    [200, 0],
  ],
} as const;
const FIXED = { name: 'Test/Fixed', transitions: [[0, -12600]] } as const;

describe('the zones layout', () => {
  const bytes = writeZonesTable(
    [SUMMER, FIXED, { name: 'Test/Alias', transitions: SUMMER.transitions }],
    '2099z',
    1000,
  );
  const file = openZonesFile(readFromBytes(bytes, 'zones.bin'));

  it('reads back the zones, in name order, and the tzdata version', () => {
    expect([file.tzVersion, file.zones]).toEqual([
      '2099z',
      ['Test/Alias', 'Test/Fixed', 'Test/Summer'],
    ]);
  });

  it('answers the offset in force at an instant, to the second, inside what it covers', () => {
    const asked = [0, 99, 100, 199, 200, 1000, 1001, -1, 150.5, Number.NaN].map((t) => [
      file.offsetAt('Test/Summer', t),
      file.offsetAt('Test/Alias', t),
      file.offsetAt('Test/Fixed', t),
    ]);
    const none = [undefined, undefined, undefined];
    expect(asked).toEqual([
      [0, 0, -12600],
      [0, 0, -12600],
      [3600, 3600, -12600],
      [3600, 3600, -12600],
      [0, 0, -12600],
      [0, 0, -12600],
      none,
      none,
      [3600, 3600, -12600],
      none,
    ]);
    expect(file.offsetAt('Test/Other', 150)).toBeUndefined();
  });

  it('stores a list of transitions once for the zones that share it', () => {
    const single = writeZonesTable([SUMMER, FIXED], '2099z', 1000);
    // One more directory entry and name, no more transitions.
    expect(bytes.length - single.length).toBe(8 + 'Test/Alias\n'.length + 1);
  });

  it('reads only the header, the directory and the zone asked for', () => {
    const reads: number[] = [];
    const read = readFromBytes(bytes, 'zones.bin');
    const counted = openZonesFile((target, position) => {
      reads.push(target.length);
      read(target, position);
    });
    counted.offsetAt('Test/Summer', 150);
    counted.offsetAt('Test/Summer', 250);
    expect(reads).toEqual([48, 3 * 8 + 'Test/Alias\nTest/Fixed\nTest/Summer\n'.length, 6 * 4]);
  });

  it.each([
    ['a first transition after 0', [{ name: 'A/B', transitions: [[5, 0]] as const }]],
    [
      'transitions out of order',
      [
        {
          name: 'A/B',
          transitions: [
            [0, 0],
            [9, 60],
            [9, 0],
          ] as const,
        },
      ],
    ],
    [
      'a transition past the end',
      [
        {
          name: 'A/B',
          transitions: [
            [0, 0],
            [2000, 60],
          ] as const,
        },
      ],
    ],
    [
      'a repeated zone',
      [
        { name: 'A/B', transitions: [[0, 0]] as const },
        { name: 'A/B', transitions: [[0, 0]] as const },
      ],
    ],
  ])('refuses %s', (_what, zones) => {
    expect(() => writeZonesTable(zones, '2099z', 1000)).toThrow(/A\/B/);
  });

  it('refuses bytes that are no zones table', () => {
    const other = Uint8Array.from(bytes);
    other[0] = 0;
    expect(() => openZonesFile(readFromBytes(other, 'zones.bin'))).toThrow(
      'zones table has an unknown format; rebuild it with `npm run build`',
    );
  });
});

describe('the zones table built from this node', () => {
  let table: ZonesFile;
  /** Every instant the table lists a change at, per zone. */
  let changes: Map<string, number[]>;

  beforeAll(async () => {
    const bytes = await zonesBytes();
    table = openZonesFile(readFromBytes(bytes, 'zones.bin'));
    changes = new Map(table.zones.map((zone) => [zone, table.changes(zone)?.slice(1) ?? []]));
  }, 120_000);

  it('comes from the tzdata of this node', () => {
    expect(table.tzVersion).toBe(TZ);
  });

  it('answers as ICU does for every zone, at each change, the second before it, and at random', () => {
    const next = sequence(2026);
    const end = utc(2070, 1, 1) - 1;
    const differences: string[] = [];
    for (const zone of table.zones) {
      const instants = (changes.get(zone) ?? []).flatMap((at) => [at - 1, at]);
      for (let k = 0; k < 100; k++) instants.push(Math.floor(next() * end));
      instants.push(0, end);
      for (const at of instants) {
        const tabled = table.offsetAt(zone, at);
        const icu = icuUtcOffsetSeconds(zone, at);
        if (tabled !== icu) differences.push(`${zone} at ${at}: ${tabled} (ICU ${icu})`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('has changes where DST switches (Europe/London, 2026)', () => {
    const spring = utc(2026, 3, 29, 1);
    const autumn = utc(2026, 10, 25, 1);
    expect(
      (changes.get('Europe/London') ?? []).filter((at) => at >= spring && at <= autumn),
    ).toEqual([spring, autumn]);
  });

  it('holds every zone the world model names: the places’, the polygons’, the nautical ones', async () => {
    const named = new Set(readPlacesTable(await placesBytes()).zoneNames.filter((z) => z !== ''));
    const noPlace = { zone: '', distanceKm: Infinity };
    for (let lat = -89.5; lat < 90; lat += 0.5) {
      for (let lon = -179.75; lon < 180; lon += 0.5) {
        named.add(zoneAt(lat, lon, noPlace, 1));
        named.add(zoneAt(lat, lon, noPlace, 0));
      }
    }
    const held = new Set(table.zones);
    expect([...named].filter((zone) => !held.has(zone))).toEqual([]);
    expect(named.has('Etc/GMT+9')).toBe(true);
  });

  it('answers nothing after 2069 or before 1970, where ICU answers', () => {
    const offsets = tabledUtcOffsets(table);
    const late = utc(2080, 7, 1);
    expect([table.offsetAt('Europe/London', late), table.offsetAt('Europe/London', -1)]).toEqual([
      undefined,
      undefined,
    ]);
    expect([offsets('Europe/London', late), offsets('Europe/London', utc(1960, 1, 15))]).toEqual([
      3600, 0,
    ]);
  });
});

describe('icuUtcOffsetSeconds', () => {
  it('answers the same once its formatters are forgotten (src/cli/warm.ts forgets them)', () => {
    const at = utc(2026, 1, 31);
    const before = ['Asia/Kathmandu', 'America/St_Johns'].map((zone) =>
      icuUtcOffsetSeconds(zone, at),
    );
    forgetFormatters();
    const after = ['Asia/Kathmandu', 'America/St_Johns'].map((zone) =>
      icuUtcOffsetSeconds(zone, at),
    );
    expect([before, after]).toStrictEqual([
      [20_700, -12_600],
      [20_700, -12_600],
    ]);
  });
});

describe('tabledUtcOffsets', () => {
  const summer = utc(2026, 7, 1);
  /** A table that says +1 h everywhere, to tell its answers from ICU's. */
  const fake = (tzVersion: string): ZonesFile =>
    openZonesFile(
      readFromBytes(
        writeZonesTable([{ name: 'Asia/Tokyo', transitions: [[0, 3600]] }], tzVersion),
        'zones.bin',
      ),
    );

  it('answers from the table made from this tzdata version', () => {
    expect(tabledUtcOffsets(fake(TZ))('Asia/Tokyo', summer)).toBe(3600);
  });

  it('asks ICU for a zone the table does not hold', () => {
    expect(tabledUtcOffsets(fake(TZ))('Asia/Seoul', summer)).toBe(32400);
  });

  it('asks ICU for everything when the table came from another tzdata version, or is missing', () => {
    expect(tabledUtcOffsets(fake(`${TZ}x`))('Asia/Tokyo', summer)).toBe(32400);
    expect(tabledUtcOffsets(undefined)).toBe(utcOffsetSeconds);
  });
});
