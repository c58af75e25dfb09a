// Builds dist/ (the ESM bundle behind bin/weather.js) and data/ (the places index, the climatology,
// the UTC offsets of every time zone).
// Lazily imported modules become their own chunks, so a command loads only what it uses.
import { build } from 'esbuild';
import { BUNDLE_DEFAULTS, requireBanner } from './bundle.mjs';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds into a folder of its own and then puts it in place of dist/ with two renames, so a
 * `weather` already running from dist/ (a server started by hand, another test run) never sees a
 * half-written folder, and a failed build leaves the old dist/ as it was.
 */
export async function buildDist() {
  const staging = `${root}dist.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const result = await bundle(staging);
    writeLicenses(result.metafile, `${staging}/licenses.txt`);
    // Which modules went into which file: the lazy-loading test reads it (never shipped).
    writeFileSync(`${staging}/meta.json`, JSON.stringify(result.metafile));
    const old = `${root}dist.old-${process.pid}`;
    if (existsSync(`${root}dist`)) renameSync(`${root}dist`, old);
    renameSync(staging, `${root}dist`);
    rmSync(old, { recursive: true, force: true });
    return result;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** @param {string} outdir */
function bundle(outdir) {
  return build({
    ...BUNDLE_DEFAULTS,
    entryPoints: { weather: `${root}src/cli/main.ts` },
    outdir,
    splitting: true,
    format: 'esm',
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: requireBanner('import.meta.url') },
    metafile: true,
  });
}

/**
 * dist/ carries third-party code; each package's licence and notice must travel with it.
 * The list comes from esbuild's metafile, so it is exactly what was bundled.
 * @param {import('esbuild').Metafile} metafile
 */
export function writeLicenses(metafile, out = `${root}dist/licenses.txt`) {
  const packages = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) packages.set(match[1], input.slice(0, match.index + match[0].length));
  }
  const sections = [...packages.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, dir]) => {
      const manifest = JSON.parse(readFileSync(`${root}${dir}package.json`, 'utf8'));
      const licenseFile = readdirSync(`${root}${dir}`).find((f) =>
        /^(licen[cs]e|copying)/i.test(f),
      );
      const text = licenseFile
        ? readFileSync(`${root}${dir}${licenseFile}`, 'utf8').trim()
        : '(no licence file shipped)';
      return `${name} ${manifest.version} (${manifest.license ?? 'licence text below'})\n\n${text}\n`;
    });
  writeFileSync(
    out,
    `Third-party code bundled into dist/\n\n${sections.join(`\n${'-'.repeat(72)}\n\n`)}`,
  );
  return [...packages.keys()].sort();
}

async function buildAll() {
  const { buildPlaces } = await import('./build-data.mjs');
  await buildPlaces({});
  const { buildNames } = await import('./build-names.mjs');
  await buildNames({});
  const { buildClimate } = await import('./build-climate.mjs');
  buildClimate({});
  const { buildZones } = await import('./build-zones.mjs');
  await buildZones({});
  await buildDist();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildAll();
}
