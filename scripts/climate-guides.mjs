// Writes the guides of data/climate/: December's and July's precipitation (precipitation-dec.pgm,
// precipitation-jul.pgm) and mean temperature (temperature-dec.pgm, temperature-jul.pgm) in
// Legates and Willmott's gridded climatology (0.5°, land and sea, built from station records and
// ship reports: some 24,000 gauges for the precipitation), as the Debian
// package marble-qt-data ships it for Marble's "Precipitation (December)", "(July)", "Temperature
// (December)" and "(July)" maps (CC BY-SA 3.0; data/README.md), reduced to the world model's 0.5°
// cells. It is run by hand, not by the build, which reads the files it writes
// (scripts/build-climate.mjs): the package and its JPEG decoder are not needed to build.
//
//   apt-get install marble-qt-data libjpeg-turbo-progs
//   node scripts/climate-guides.mjs [--out DIR]
//
// --out writes the files to DIR instead (test/e2e/climate-guides.test.ts compares them with the
// committed ones).
//
// Marble's images are 2160 × 1080 grey JPEGs, rows from the north pole, each pixel 1/6°, whose
// grey level stands for the month's value through the legend of their map theme
// (climate-stations.ts, guideMillimetres; climate-layout.ts, temperatureGuideOfCode). Each 0.5°
// cell gets the mean grey level of its 3 × 3 pixels (the poles' rows aside, see inner), which also
// evens out the JPEG's noise; rows are written from the south pole, as the model's grids are. The
// files are binary PGMs (P5) of 720 × 360 bytes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgmBytes, pgmLevels } from './pgm.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAPS = '/usr/share/marble/data/maps/earth';
/** Each file of data/climate/ and the Marble map it is made from. */
const MAPS_OF = {
  'precipitation-dec': 'precip-dec',
  'precipitation-jul': 'precip-july',
  'temperature-dec': 'temp-dec',
  'temperature-jul': 'temp-july',
};
const WIDTH = 2160;
const HEIGHT = 1080;
const BLOCK = 3;

/**
 * The image's first and last rows (the poles) hold stray levels (255 across much of December's
 * top row): a block takes its neighbour row's instead.
 * @param {number} row
 */
const inner = (row) => Math.min(HEIGHT - 2, Math.max(1, row));

const outAt = process.argv.indexOf('--out');
const outDir = outAt > 0 ? process.argv[outAt + 1] : join(ROOT, 'data', 'climate');
if (outDir === undefined) {
  console.error('--out needs a folder');
  process.exit(2);
}

mkdirSync(outDir, { recursive: true });

for (const [file, name] of Object.entries(MAPS_OF)) {
  const source = join(MAPS, name, `${name}.jpg`);
  if (!existsSync(source)) {
    console.error(`${source} is missing: apt-get install marble-qt-data`);
    process.exit(1);
  }
  const grey = pgmLevels(
    execFileSync('djpeg', ['-grayscale', '-pnm', source], { maxBuffer: 4 * WIDTH * HEIGHT }),
    WIDTH,
    HEIGHT,
    source,
  );
  const cols = WIDTH / BLOCK;
  const rows = HEIGHT / BLOCK;
  const cells = new Uint8Array(cols * rows);
  for (let row = 0; row < rows; row++) {
    // Output rows from the south pole; the image's from the north.
    const top = (rows - 1 - row) * BLOCK;
    for (let col = 0; col < cols; col++) {
      let sum = 0;
      for (let dy = 0; dy < BLOCK; dy++)
        for (let dx = 0; dx < BLOCK; dx++)
          sum += grey[inner(top + dy) * WIDTH + col * BLOCK + dx] ?? 0;
      cells[row * cols + col] = Math.round(sum / (BLOCK * BLOCK));
    }
  }
  const out = join(outDir, `${file}.pgm`);
  writeFileSync(out, pgmBytes(cells, cols, rows));
  console.log(`${out}: ${cols} × ${rows} cells from ${source}`);
}
