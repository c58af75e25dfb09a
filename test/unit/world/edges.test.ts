import { beforeAll, describe, expect, it } from 'vitest';
import type { World } from '../../../src/world/types.js';
import { testWorld, utc } from '../../helpers/world.js';

const JANUARY = utc(2026, 1, 15, 12);
const JULY = utc(2026, 7, 15, 12);

let world: World;
beforeAll(async () => {
  world = await testWorld();
});

/** The place, zone and offsets (January, July 2026) the model reports at a point. */
function edge(lat: number, lon: number): object {
  const january = world.observe(lat, lon, JANUARY);
  const july = world.observe(lat, lon, JULY);
  return {
    place: january.place,
    zone: january.zone,
    offsets: [january.timezoneOffset, july.timezoneOffset],
  };
}

describe('time zones at borders and small islands', () => {
  // The zone polygons put Pago Pago in Samoa's zone (UTC+13) and Tornio in Sweden's; the places'
  // own zones are right.
  it.each([
    [
      'Pago Pago',
      -14.28,
      -170.7,
      { id: 5881576, name: 'Pago Pago', country: 'AS' },
      'Pacific/Pago_Pago',
      [-39600, -39600],
    ],
    [
      'Tornio',
      65.85,
      24.15,
      { id: 634093, name: 'Tornio', country: 'FI' },
      'Europe/Helsinki',
      [7200, 10800],
    ],
    [
      'Haparanda, across the river',
      65.8358,
      24.1369,
      { id: 605859, name: 'Haparanda', country: 'SE' },
      'Europe/Stockholm',
      [3600, 7200],
    ],
    [
      'Apia',
      -13.83,
      -171.76,
      { id: 4035413, name: 'Apia', country: 'WS' },
      'Pacific/Apia',
      [46800, 46800],
    ],
  ] as const)('%s', (_label, lat, lon, place, zone, offsets) => {
    expect(edge(lat, lon)).toStrictEqual({ place, zone, offsets });
  });
});

describe('Antarctic stations keep the zones they use', () => {
  const NOWHERE = { id: 0, name: '' };
  it.each([
    [
      'McMurdo (New Zealand time)',
      -77.85,
      166.67,
      { id: 6696480, name: 'McMurdo Station', country: 'AQ' },
      'Antarctica/McMurdo',
      [46800, 43200],
    ],
    // Antarctica/South_Pole is a link to Antarctica/McMurdo: the station keeps New Zealand time.
    ['Amundsen–Scott South Pole', -90, 0, NOWHERE, 'Antarctica/McMurdo', [46800, 43200]],
    ['Vostok', -78.46, 106.84, NOWHERE, 'Antarctica/Vostok', [18000, 18000]],
    ['Casey', -66.28, 110.53, NOWHERE, 'Antarctica/Casey', [28800, 28800]],
    ["Dumont d'Urville", -66.66, 140.0, NOWHERE, 'Antarctica/DumontDUrville', [36000, 36000]],
  ] as const)('%s', (_label, lat, lon, place, zone, offsets) => {
    expect(edge(lat, lon)).toStrictEqual({ place, zone, offsets });
  });
});

describe('the sea', () => {
  it('coastal waters are named after the coast and keep its zone', () => {
    // 7 km off Tutuila's north shore; the zone polygons say Pacific/Apia here.
    expect(edge(-14.2, -170.65)).toStrictEqual({
      place: { id: 5880755, name: 'Āfono', country: 'AS' },
      zone: 'Pacific/Pago_Pago',
      offsets: [-39600, -39600],
    });
    // The documentation's example, 1 km off Newtonhill's shore (Natural Earth 1:10m): the live
    // service names it "Newtonhill" with timezone 0 (owmdocs_current_newtonhill_units_metric.json).
    expect(edge(57, -2.15)).toStrictEqual({
      place: { id: 2641549, name: 'Newtonhill', country: 'GB' },
      zone: 'Europe/London',
      offsets: [0, 3600],
    });
  });

  it('a sea point 50–100 km out borrows no town name and keeps nautical time', () => {
    // 60 km off Cabo da Roca: it was "Algueirão", 77 km away, on Lisbon's clock.
    expect(edge(39, -10.2)).toStrictEqual({
      place: { id: 0, name: '' },
      zone: 'Etc/GMT+1',
      offsets: [-3600, -3600],
    });
    // 50 km off Aberdeen: it was "Aberdeen".
    expect(edge(57.15, -1.27)).toStrictEqual({
      place: { id: 0, name: '' },
      zone: 'Etc/GMT',
      offsets: [0, 0],
    });
  });

  // Sea points the live service answered, each with "id":0,"name":"", no sys.country and the
  // timezone given (public captures: file ids of the stored copies).
  it.each([
    ['east of Japan, 324 km out (17939746330)', 37.8646, 145.1294, 1692448949, 36000],
    ['Gulf of Guinea (30929831824)', 1.1, 1.1, 1620744849, 0],
    ['Gulf of Guinea (23851458551)', -1, -1, 1571358925, 0],
    ['Labrador Sea (20163034956)', 60, -60, 1696015048, -14400],
    ['mid-Atlantic (49553353235)', 30, -40, 1663827426, -10800],
    ['Barents Sea (38177536790)', 75.819, 26.9155, 1682686985, 7200],
    ['off Franz Josef Land (38987996694)', 79.3832, 43.6532, 1704325250, 10800],
  ])('%s', (_label, lat, lon, dt, timezone) => {
    const o = world.observe(lat, lon, dt);
    expect([o.place, o.timezoneOffset]).toStrictEqual([{ id: 0, name: '' }, timezone]);
  });

  it('0,0 is the live service\'s "Globe": no country, UTC', () => {
    // Captured answers (1720197314, 1725600188): "timezone":0,"id":6295630,"name":"Globe", and
    // a sys with no country (mantix1_baseline_observations_copy.md, row 8b).
    for (const dt of [1720197314, 1725600188]) {
      const o = world.observe(0, 0, dt);
      expect([o.place, o.zone, o.timezoneOffset]).toStrictEqual([
        { id: 6295630, name: 'Globe' },
        'Etc/GMT',
        0,
      ]);
    }
  });
});
