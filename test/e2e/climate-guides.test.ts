import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cleanEnv, makeHome, ROOT, runCommand } from '../helpers/cli.js';

// The precipitation and temperature maps of data/climate/ are derived by hand from the Debian
// package marble-qt-data (scripts/climate-guides.mjs); CI installs the package and djpeg
// (.ci/run), so the committed maps are checked to be what the script makes of it.
const { home, remove } = makeHome();
afterAll(remove);

const MAPS = ['precipitation-dec', 'precipitation-jul', 'temperature-dec', 'temperature-jul'];
const committed = (map: string): Buffer =>
  readFileSync(join(ROOT, 'data', 'climate', `${map}.pgm`));
const level = (map: string, lat: number, lon: number): number => {
  const bytes = committed(map);
  const body = bytes.subarray(bytes.length - 720 * 360);
  const row = Math.floor((lat + 90) * 2);
  const col = Math.floor((lon + 180) * 2);
  return body[row * 720 + col] ?? -1;
};

it('the committed maps are what scripts/climate-guides.mjs makes', async () => {
  const out = join(home, 'maps');
  const r = await runCommand(
    process.execPath,
    [join(ROOT, 'scripts/climate-guides.mjs'), '--out', out],
    { env: cleanEnv(home) },
  );
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  const made = MAPS.map((map) => readFileSync(join(out, `${map}.pgm`)));
  expect(made.map((bytes, i) => bytes.equals(committed(MAPS[i] ?? '')))).toEqual(
    MAPS.map(() => true),
  );
}, 30_000);

it('the precipitation maps hold the legend levels of known places: 0.5° cells from the south', () => {
  expect(committed('precipitation-dec').subarray(0, 15).toString('latin1')).toBe(
    'P5\n720 360\n255\n',
  );
  // A level is about a millimetre up to 127: London's December and July (55 and 45 mm in its
  // 1991–2020 normals; the maps are of earlier decades), the Sahara's none, Mumbai's monsoon July
  // beyond the legend's 1,024 mm step (0.93 of 255 is 237).
  expect([
    level('precipitation-dec', 51.5, -0.1),
    level('precipitation-jul', 51.5, -0.1),
    level('precipitation-dec', 23, 10),
    level('precipitation-jul', 19, 72.8),
  ]).toEqual([62, 49, 1, 242]);
});

it('the temperature maps hold the levels of known places, −69 °C at 0 and 42 °C at 255', () => {
  const celsius = (map: string, lat: number, lon: number): number =>
    Math.round((-69 + (111 * level(map, lat, lon)) / 255) * 10) / 10;
  // London's December and July (6.1 and 19.0 °C at Heathrow, 1991–2020; the maps are of earlier
  // decades and of the whole cell), Yakutsk's (−38.5 and 19.5 °C), Vostok's (−32 and −66 °C).
  expect([
    celsius('temperature-dec', 51.5, -0.1),
    celsius('temperature-jul', 51.5, -0.1),
    celsius('temperature-dec', 62, 129.7),
    celsius('temperature-jul', 62, 129.7),
    celsius('temperature-dec', -78.5, 106.8),
    celsius('temperature-jul', -78.5, 106.8),
  ]).toEqual([4.6, 16.3, -39.4, 18.1, -32.4, -65.5]);
});

// The scripts bundle the world's modules each on its own (scripts/bundle.mjs), so a class of
// climate-layout.ts is not the same class in climatology.ts there: a packed grid must still be
// read as one (it once read as all sea, and this script looked for land for ever).
it('scripts/condition-distribution.mjs draws its points on land, and counts every one', async () => {
  const r = await runCommand(
    process.execPath,
    [join(ROOT, 'scripts/condition-distribution.mjs'), '300'],
    { env: cleanEnv(home), timeoutMs: 60_000 },
  );
  const lines = r.stdout.trimEnd().split('\n');
  const rows = lines.filter((line) => /^\d{3} +\d+ +[\d.]+ % /.test(line));
  const counts = rows.map((line) => Number(line.split(/\s+/)[1]));
  expect({ code: r.code, stderr: r.stderr, first: lines[0] }).toEqual({
    code: 0,
    stderr: '',
    first: 'condition codes over 300 random land points and times of 2026',
  });
  expect(counts.reduce((a, b) => a + b, 0)).toBe(300);
  // A code never drawn in so few points is then found where it occurs, each on a line of its own.
  const never = rows.filter((_, i) => counts[i] === 0).map((line) => line.slice(0, 3));
  const after = lines.slice(
    lines.indexOf(`never drawn: ${never.join(', ')}; each occurs where its conditions are:`) + 1,
  );
  expect(never.length).toBeGreaterThan(0);
  expect(
    after.map(
      (line) => /^ {2}(\d{3}) at -?[\d.]+, -?[\d.]+, \d{4}-\d\d-\d\dT\d\d:00Z$/.exec(line)?.[1],
    ),
  ).toStrictEqual(never);
}, 90_000);
