// Builds dist/ (the ESM bundle behind bin/weather.js) and data/ (the places index).
// Lazily imported modules become their own chunks, so a command loads only what it uses.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

export async function buildDist() {
  rmSync(`${root}dist`, { recursive: true, force: true });
  return build({
    entryPoints: { weather: `${root}src/cli/main.ts` },
    outdir: `${root}dist`,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunks/[name]-[hash]',
    define: { __WEATHER_VERSION__: JSON.stringify(pkg.version) },
    // Bundled CommonJS packages call require(); give them one.
    banner: {
      js: "import { createRequire as __weatherRequire } from 'node:module'; const require = __weatherRequire(import.meta.url);",
    },
    legalComments: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
}

async function buildAll() {
  const { buildPlaces } = await import('./build-data.mjs');
  await buildPlaces({});
  await buildDist();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildAll();
}
