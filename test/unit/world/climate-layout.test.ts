import { describe, expect, it } from 'vitest';
import {
  elevationCode,
  elevationOfCode,
  FAR_GRID,
  guideOfCode,
  GRID_COLS,
  GRID_DEG,
  GRID_ROWS,
  LAPSE_C_PER_M,
  NEAR_GRID,
  PackedGrid,
  Q,
  RADIUS_COLS,
  RADIUS_ROWS,
  readClimateTable,
  REGIONAL,
  S,
  storedValue,
  temperatureGuideOfCode,
  writeClimateTable,
  type TableStation,
} from '../../../src/world/climate-layout.js';
import {
  drySummer,
  FAR_KM,
  guideMillimetres,
  heatContrasts,
  overLandShare,
  midMonthValues,
  NEAR_KM,
  precipitationGuide,
  regionalLand,
  validationSplit,
} from '../../../src/world/climate-stations.js';
import { distanceKm } from '../../../src/world/geo.js';
import { climateBytes } from '../../helpers/world.js';

const station = (lat: number, lon: number, base: number): TableStation => ({
  lat,
  lon,
  elevationM: 100 * base,
  land: base / 10,
  values: Array.from({ length: 12 * Q }, (_, i) => base + i / 4),
  scalars: Array.from({ length: S }, (_, i) => base * 10 + i),
  regional: Array.from({ length: REGIONAL }, (_, i) => base + i / 8),
});

const bytes = (a: Uint8Array | Uint16Array): Buffer =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength);

const grids = {
  land: new Uint8Array(GRID_ROWS * GRID_COLS).map((_, i) => i % 256),
  elevation: new Uint8Array(GRID_ROWS * GRID_COLS).map((_, i) => (i * 7) % 256),
  guideDecember: new Uint8Array(GRID_ROWS * GRID_COLS).map((_, i) => (i * 13) % 256),
  guideJuly: new Uint8Array(GRID_ROWS * GRID_COLS).map((_, i) => (i * 17) % 256),
  temperatureDecember: new Uint8Array(GRID_ROWS * GRID_COLS).map((_, i) => (i * 19) % 256),
  temperatureJuly: new Uint8Array(GRID_ROWS * GRID_COLS).map((_, i) => (i * 23) % 256),
  radiusKm: new Uint16Array(RADIUS_ROWS * RADIUS_COLS).map((_, i) => 500 + i),
  landNear: new Uint8Array(NEAR_GRID.rows * NEAR_GRID.cols).map((_, i) => (i * 3) % 256),
  landFar: new Uint8Array(FAR_GRID.rows * FAR_GRID.cols).map((_, i) => (i * 5) % 256),
  landEast: new Uint8Array(NEAR_GRID.rows * NEAR_GRID.cols).map((_, i) => (i * 11) % 256),
};

describe('the climate table layout', () => {
  it('reads back what it wrote, stations sorted into their 5° cells', () => {
    const table = readClimateTable(
      writeClimateTable([station(60, 100, 3), station(-30, -60, 1), station(10, 20, 2)], grids),
    );
    expect(table.count).toBe(3);
    expect(Array.from(table.stations.slice(0, 4))).toStrictEqual([
      -30, -60, 100, 0.10000000149011612,
    ]);
    expect(Array.from(table.scalars.slice(0, S))).toStrictEqual([10, 11, 12, 13, 14, 15]);
    expect(Array.from(table.regional.slice(0, 2 * REGIONAL))).toStrictEqual([
      1, 1.125, 1.25, 1.375, 1.5, 1.625, 1.75, 2, 2.125, 2.25, 2.375, 2.5, 2.625, 2.75,
    ]);
    expect(storedValue(table.codes, 12 * Q)).toBe(2);
    // Every grid byte for byte (a million cells: compared as bytes, not element by element), the
    // packed ones whole.
    const names = Object.keys(grids) as (keyof typeof grids)[];
    const read = names.map((name) => {
      const grid = table[name];
      return grid instanceof PackedGrid ? grid.whole() : grid;
    });
    expect(
      names.map((name, i) => [
        name,
        read[i]?.constructor,
        bytes(read[i] ?? new Uint8Array()).equals(bytes(grids[name])),
      ]),
    ).toStrictEqual(names.map((name) => [name, grids[name].constructor, true]));
    expect(names.filter((name) => table[name] instanceof PackedGrid)).toStrictEqual(
      names.filter((name) => !/^(radiusKm|land(Near|Far|East))$/.test(name)),
    );
    // The first station of each occupied cell, and the end.
    expect(table.cellStart[table.cellStart.length - 1]).toBe(3);
  });

  it('stores the monthly values in 16-bit steps, and refuses one beyond them', () => {
    const s = station(10, 20, 2);
    const values = Array.from({ length: 12 * Q }, (_, i) => (i % Q === 0 ? -61.237 : 0.4567));
    const table = readClimateTable(writeClimateTable([{ ...s, values }], grids));
    // Hundredths of a degree for the temperature, thousandths for the cloud cover (the last).
    expect([storedValue(table.codes, 0), storedValue(table.codes, Q - 1)]).toStrictEqual([
      -61.24, 0.457,
    ]);
    const huge = values.map((v, i) => (i === 0 ? 400 : v));
    expect(() => writeClimateTable([{ ...s, values: huge }], grids)).toThrow(
      'climate table: seaLevelTempC 400 does not fit in 16 bits',
    );
  });

  it('stores the land share, the elevation and the guides deflated in bands, inflated as read', () => {
    const written = writeClimateTable([station(10, 20, 2)], grids);
    // These test grids repeat every 256 cells, and pack to almost nothing.
    expect(written.length).toBeLessThan(GRID_ROWS * GRID_COLS);
    const table = readClimateTable(written);
    // Rows 0 and 25 are in the first and third bands of ten rows: those two only are inflated.
    const cells = table.land.rows(0, 25);
    const band = 10 * GRID_COLS;
    const same = (from: number, to: number): boolean =>
      bytes(cells.subarray(from, to)).equals(bytes(grids.land.subarray(from, to)));
    expect([same(0, band), same(2 * band, 3 * band)]).toStrictEqual([true, true]);
    expect(cells.subarray(band, 2 * band).every((v) => v === 0)).toBe(true);
    expect(bytes(table.land.whole()).equals(bytes(grids.land))).toBe(true);
  });

  it('refuses a packed grid that is damaged or cut short', () => {
    const written = writeClimateTable([station(10, 20, 2)], grids);
    const header = new DataView(written.buffer);
    // The land section's offset (after the three header fields and six sections): its band
    // count, the bands' lengths, then the bands.
    const land = header.getUint32(4 * (3 + 6), true);
    const bands = header.getUint32(land, true);
    expect(bands).toBe(GRID_ROWS / 10);
    const damaged = written.slice();
    const first = land + 4 * (1 + bands);
    damaged.fill(0xff, first, first + 8);
    // Read without complaint; the band fails when a point first reads it.
    const table = readClimateTable(damaged);
    expect(() => table.land.rows(0, 0)).toThrow(
      'climate table is damaged; rebuild it with `npm run build`',
    );
    expect(() => readClimateTable(written.slice(0, first))).toThrow('climate table is truncated');
  });

  it('reads the precipitation maps by their legend: linear up to 127 mm, then doubling', () => {
    // The legend's steps: 0, 0.5, 0.75, 0.87, 0.93 and 1 of the scale (of 255 levels).
    const steps = [0, 127.5, 191.25, 221.85, 237.15, 255].map(guideMillimetres);
    expect(steps.map((mm) => Math.round(mm * 1e6) / 1e6)).toStrictEqual([
      0, 127, 256, 512, 1024, 2048,
    ]);
    // Its linear part: 0.04 of the scale is 10 mm, 0.25 is 63.
    expect(guideMillimetres(10.2)).toBeCloseTo(10.16, 9);
    expect(guideMillimetres(63.75)).toBeCloseTo(63.5, 9);
    // Between the steps, geometric: half-way from 0.5 to 0.75 of the scale is √(127 · 256) mm.
    expect(guideMillimetres(159.375)).toBeCloseTo(Math.sqrt(127 * 256), 9);
  });

  it("makes a month's guide the logarithm of its millimetres plus 10, one byte in fortieths", () => {
    const cells = GRID_ROWS * GRID_COLS;
    const levels = new Uint8Array(cells).fill(90);
    levels[1] = 255;
    levels[2] = 0;
    const guide = precipitationGuide(levels);
    // 89.6 mm + 10 mm: ln 99.6 − ln 10 = 2.299, 92 fortieths; 2,048 mm + 10: 5.33, the top of
    // 213; nothing: 0.
    expect([guide[0], guide[1], guide[2]]).toStrictEqual([92, 213, 0]);
    expect(guideOfCode(92)).toBeCloseTo(Math.log(10) + 92 / 40, 12);
    expect(() => precipitationGuide(levels.subarray(1))).toThrow(
      `a precipitation map must have ${cells} cells`,
    );
  });

  it("reads the temperature maps' levels linearly from the legend's −69 °C to its 42 °C", () => {
    expect([0, 255].map(temperatureGuideOfCode)).toStrictEqual([-69, 42]);
    // 111 °C over 255 levels: 0.435 °C a level; 0 °C is level 158.5 (69 · 255 / 111).
    expect(temperatureGuideOfCode(1) - temperatureGuideOfCode(0)).toBeCloseTo(111 / 255, 12);
    expect(temperatureGuideOfCode((69 * 255) / 111)).toBeCloseTo(0, 12);
  });

  it('refuses bytes that are not a climate table', () => {
    expect(() => readClimateTable(new Uint8Array(200))).toThrow(
      'climate table has an unknown format; rebuild it with `npm run build`',
    );
  });

  it('stores heights to within 1.5 % (square-root scale, 7,000 m top)', () => {
    for (const metres of [0, 12, 350, 1609, 2850, 3650, 4500, 6900]) {
      const back = elevationOfCode(elevationCode(metres));
      expect(Math.abs(back - metres)).toBeLessThanOrEqual(Math.max(3, 0.015 * metres));
    }
  });

  it('mid-month values average back to the monthly means under linear interpolation', () => {
    const means = [-10, -8, -2, 5, 12, 18, 21, 20, 14, 6, -1, -7];
    const p = midMonthValues(means);
    const back = p.map((v, i) => ((p[(i + 11) % 12] ?? 0) + 6 * v + (p[(i + 1) % 12] ?? 0)) / 8);
    back.forEach((v, i) => expect(v).toBeCloseTo(means[i] ?? 0, 6));
  });

  it('regional land eastward: which side the land within the reach lies on', () => {
    // Land west of the prime meridian (and east of the date line), sea east of it.
    const half = new Uint8Array(GRID_ROWS * GRID_COLS).map((_, i) =>
      i % GRID_COLS < 360 ? 255 : 0,
    );
    const east = regionalLand(half, NEAR_GRID, NEAR_KM, 'eastward');
    const { deg, cols } = NEAR_GRID;
    const at = (lat: number, lon: number): number =>
      east[Math.floor((lat + 90) / deg) * cols + Math.floor((lon + 180) / deg)] ?? -1;
    // No land, or land all round: balanced (128).
    expect([at(0, -90), at(0, 90), at(60.5, 90)]).toStrictEqual([128, 128, 128]);
    // Near the prime meridian the land is to the west (below 128), on either side of the coast,
    // and less so 1.5° inland at 60.5° (82 km of the 300 km reach). On the coastline itself a
    // continuous kernel gives 128 − 127 / π = 88 (the mean of |sin| over the western half is 2 / π,
    // and half the weight is there). Near the date line the land is to the east, by as much.
    const west = [at(0.5, -0.5), at(0.5, 0.5), at(60.5, -1.5)];
    expect(west).toStrictEqual([93, 93, 99]);
    expect([at(0.5, 179.5), at(0.5, -179.5), at(60.5, -178.5)]).toStrictEqual(
      west.map((v) => 256 - v),
    );
    const all = new Uint8Array(GRID_ROWS * GRID_COLS).fill(255);
    expect(new Set(regionalLand(all, NEAR_GRID, NEAR_KM, 'eastward'))).toStrictEqual(
      new Set([128]),
    );
  });

  it('regional land share: the share of land within the reach, falling smoothly across a coast', () => {
    // Land west of the prime meridian, sea east of it.
    const half = new Uint8Array(GRID_ROWS * GRID_COLS).map((_, i) =>
      i % GRID_COLS < 360 ? 255 : 0,
    );
    const near = regionalLand(half, NEAR_GRID, NEAR_KM);
    const { deg, cols } = NEAR_GRID;
    const at = (lat: number, lon: number): number =>
      near[Math.floor((lat + 90) / deg) * cols + Math.floor((lon + 180) / deg)] ?? -1;
    // Deep inland and far at sea. Half a degree from the coast (56 km of the 300 km reach), and
    // 1.5° inland at the equator (167 km) and at 60.5° (82 km): a continuous kernel gives 167, 88,
    // 230 and 185 (the share of its mass west of the coast, whose marginal is (1 − x²)^1.5).
    expect([at(0, -90), at(0, 90), at(0.5, -0.5), at(0.5, 0.5)]).toStrictEqual([255, 0, 167, 88]);
    expect([at(0.5, -1.5), at(60.5, -1.5)]).toStrictEqual([231, 185]);
    // Everywhere land, everywhere 255; the coarse grid too, and at the poles (the whole row).
    const all = new Uint8Array(GRID_ROWS * GRID_COLS).fill(255);
    expect(new Set(regionalLand(all, FAR_GRID, FAR_KM))).toStrictEqual(new Set([255]));
    expect(() => regionalLand(half, { deg: 0.7, rows: 257, cols: 514 }, NEAR_KM)).toThrow(
      'regional land: 0.7° cells do not tile the land grid',
    );
    expect([GRID_DEG, GRID_ROWS, GRID_COLS]).toStrictEqual([0.5, 360, 720]);
    expect([NEAR_GRID, FAR_GRID]).toStrictEqual([
      { deg: 1, rows: 180, cols: 360 },
      { deg: 2, rows: 90, cols: 180 },
    ]);
  });

  it('heat contrast: the hottest afternoons within reach over the own, half as much at 1,000 km', () => {
    // A month of mean daily maxima `max` (mean max − range / 2, range 10 °C) at `elevationM`.
    const station = (lat: number, lon: number, max: number, elevationM = 0) => ({
      lat,
      lon,
      elevationM,
      normals: {
        tmean: [max - 5, max - 8, max - 12, ...new Array<number>(9).fill(max - 15)],
        dtr: new Array<number>(12).fill(10),
        precip: [],
        wetdays: [],
        rh: [],
        wind: [],
        cloud: [],
      },
    });
    // The interior 9° of latitude (1,000.7 km) from the coast, the far station 24° (2,669 km) from
    // the interior.
    const stations = [
      station(-34, 151, 26),
      station(-25, 151, 36),
      station(-1, 151, 46),
      // 10 °C cooler 1,724 m up: as hot as the coast at sea level (5.8 °C/km).
      station(-34, 152, 16, 10 / LAPSE_C_PER_M),
    ];
    const [coast, interior, far, high] = heatContrasts(stations, () => 1);
    const halved = (km: number): number => 1 + (km / 1000) ** 2;
    expect(coast).toBeCloseTo(10 / halved(distanceKm(-34, 151, -25, 151)), 6);
    expect(distanceKm(-34, 151, -25, 151)).toBeCloseTo(1000.8, 1);
    // The interior's hotter neighbour is beyond reach (2,500 km), and nothing is hotter than the far one.
    expect(interior).toBe(0);
    expect(far).toBe(0);
    // Compared at sea level: the highland's 16 °C is the coast's 26 °C.
    expect(high).toBeCloseTo(10 / halved(distanceKm(-34, 152, -25, 151)), 6);
    // Sea on three of the ten points along the way (28–30° S): 0.7 of it over land, whole from
    // 0.8, so (0.7 / 0.8)² of the contrast; all sea, none.
    const strait = (lat: number): number => (lat > -30 && lat < -28 ? 0 : 1);
    expect(overLandShare(-34, 151, -25, 151, strait)).toBeCloseTo(0.7, 12);
    expect(heatContrasts(stations, strait)[0]).toBeCloseTo((coast ?? 0) * (0.7 / 0.8) ** 2, 12);
    expect(heatContrasts(stations, () => 0)).toStrictEqual([0, 0, 0, 0]);
  });

  it('samples the way across the antimeridian the short way', () => {
    const east = (_lat: number, lon: number): number => (lon > 0 ? 1 : 0);
    // From 170° E to 170° W: the first half east of 180°, none of it near 0°.
    expect(overLandShare(0, 170, 0, -170, east)).toBe(0.5);
    expect(overLandShare(0, -170, 0, 170, east)).toBe(0.5);
  });

  it('dry summer: hot and dry in the three warmest months, whichever they are', () => {
    // Athens-like: 27–28 °C in July and August, 5–10 mm a month.
    const athensT = [10, 10.5, 13, 16.5, 21.5, 26, 28.5, 28.5, 24.5, 19.5, 15, 11.5];
    const athensP = [55, 45, 45, 25, 15, 10, 5, 5, 15, 40, 60, 70];
    expect(drySummer(athensT, athensP)).toBe(1);
    // The same temperatures with a wet summer (Washington-like, about 100 mm a month): none.
    expect(
      drySummer(
        athensT,
        athensP.map(() => 100),
      ),
    ).toBe(0);
    // The southern hemisphere's summer is its warmest months, not July: Perth-like.
    const perthT = athensT.map((_, m) => athensT[(m + 6) % 12] ?? 0);
    const perthP = athensP.map((_, m) => athensP[(m + 6) % 12] ?? 0);
    expect(drySummer(perthT, perthP)).toBe(1);
    // A cold, dry summer (the Antarctic plateau's) is not one: the ground cannot heat the air.
    expect(
      drySummer(
        athensT.map((t) => t - 50),
        athensP,
      ),
    ).toBe(0);
    // Half way: 25 mm a month in the warmest three, a 21 °C warmest month.
    expect(
      drySummer(
        athensT.map((t) => t - 7.5),
        athensP.map(() => 25),
      ),
    ).toBeCloseTo(0.25, 6);
  });
});

describe('the validation split', () => {
  // Stations of three classes far apart (no twins), ids s0 … s(n-1).
  const classes = ['Af', 'BWh', 'Cfb'];
  const stations = Array.from({ length: 60 }, (_, i) => ({
    id: `s${i}`,
    koppen: classes[i % 3] ?? 'Af',
    lat: -60 + 2 * i,
    lon: ((i * 37) % 360) - 180,
  }));
  const heldIds = (list: typeof stations, fold?: number): string[] =>
    validationSplit(list, fold)
      .heldOut.map((s) => s.id)
      .sort();

  it('holds out a fifth of every class, each station in exactly one of the five folds', () => {
    const folds = [0, 1, 2, 3, 4].map((fold) => heldIds(stations, fold));
    for (const held of folds) {
      for (const koppen of classes)
        expect(stations.filter((s) => s.koppen === koppen && held.includes(s.id))).toHaveLength(4);
    }
    expect(folds.flat().sort()).toStrictEqual(stations.map((s) => s.id).sort());
  });

  it('moves only the stations of its own class when a station is added', () => {
    const added = [...stations, { id: 'new', koppen: 'BWh', lat: 70, lon: 10 }];
    const others = (ids: string[]): string[] =>
      ids.filter((id) => added.find((s) => s.id === id)?.koppen !== 'BWh');
    for (const fold of [0, 1, 2, 3, 4])
      expect(others(heldIds(added, fold))).toStrictEqual(others(heldIds(stations, fold)));
  });

  it('holds out the twins of a held-out station with it', () => {
    const twin = { id: 'twin', koppen: 'Dfb', lat: -60.1, lon: -180 };
    const held = validationSplit([...stations, twin], 2).heldOut.map((s) => s.id);
    expect(held.includes('s0')).toBe(held.includes('twin'));
  });
});

describe('the production climate table', () => {
  it('stays within the budget of 1 MB in the package (built from data/climate/ as npm run build does)', async () => {
    const size = (await climateBytes()).length;
    console.log(`climate.bin: ${size} bytes`);
    expect(size).toBeLessThanOrEqual(1_000_000);
  });
});
