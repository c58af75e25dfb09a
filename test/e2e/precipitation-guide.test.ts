import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cleanEnv, makeHome, ROOT, runCommand } from '../helpers/cli.js';

// The precipitation maps of data/climate/ are derived by hand from the Debian package
// marble-qt-data (scripts/precipitation-guide.mjs); CI installs the package and djpeg
// (.ci/run), so the committed maps are checked to be what the script makes of it.
const { home, remove } = makeHome();
afterAll(remove);

const MONTHS = ['dec', 'jul'];
const committed = (month: string): Buffer =>
  readFileSync(join(ROOT, 'data', 'climate', `precipitation-${month}.pgm`));

it('the committed precipitation maps are what scripts/precipitation-guide.mjs makes', async () => {
  const out = join(home, 'maps');
  const r = await runCommand(
    process.execPath,
    [join(ROOT, 'scripts/precipitation-guide.mjs'), '--out', out],
    { env: cleanEnv(home) },
  );
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  const made = MONTHS.map((m) => readFileSync(join(out, `precipitation-${m}.pgm`)));
  expect(made.map((bytes, i) => bytes.equals(committed(MONTHS[i] ?? '')))).toEqual([true, true]);
}, 30_000);

it('the maps hold the legend levels of known places: 0.5° cells, rows from the south pole', () => {
  const level = (month: string, lat: number, lon: number): number => {
    const bytes = committed(month);
    const body = bytes.subarray(bytes.length - 720 * 360);
    const row = Math.floor((lat + 90) * 2);
    const col = Math.floor((lon + 180) * 2);
    return body[row * 720 + col] ?? -1;
  };
  expect(committed('dec').subarray(0, 15).toString('latin1')).toBe('P5\n720 360\n255\n');
  // A level is about a millimetre up to 127: London's December and July (55 and 45 mm in its
  // 1991–2020 normals; the maps are of earlier decades), the Sahara's none, Mumbai's monsoon July
  // beyond the legend's 1,024 mm step (0.93 of 255 is 237).
  expect([
    level('dec', 51.5, -0.1),
    level('jul', 51.5, -0.1),
    level('dec', 23, 10),
    level('jul', 19, 72.8),
  ]).toEqual([62, 49, 1, 242]);
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
  const counts = lines.slice(1, -1).map((line) => Number(line.split(/\s+/)[1]));
  expect({ code: r.code, stderr: r.stderr, first: lines[0] }).toEqual({
    code: 0,
    stderr: '',
    first: 'condition codes over 300 random land points and times of 2026',
  });
  expect(counts.reduce((a, b) => a + b, 0)).toBe(300);
}, 90_000);
