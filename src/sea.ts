// Entry point of the single executable (`npm run package`): bundled as CommonJS, run by the copy
// of node that postject put the SEA blob into. Data files travel as SEA assets, because nothing
// next to the executable can be assumed; the npm build reads data/ instead.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { getAsset, isSea } from 'node:sea';
import { main, processIO } from './cli/main.js';

async function readAsset(name: string): Promise<Uint8Array> {
  return new Uint8Array(getAsset(name));
}

/**
 * Running the CommonJS bundle with plain node (to debug it) has no assets: look for data/ beside
 * the bundle and one level up, as in a checkout where the bundle sits in a folder of its own.
 */
async function readBesideScript(name: string): Promise<Uint8Array> {
  const script = process.argv[1] ?? process.execPath;
  const candidates = [
    join(dirname(script), 'data', name),
    join(dirname(script), '..', 'data', name),
  ];
  for (const candidate of candidates) {
    try {
      return await readFile(candidate);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(
    `data/${name} is missing: outside a single executable this bundle reads it from ${candidates.join(' or ')}; build the executable with \`npm run package\``,
  );
}

const readData = isSea() ? readAsset : readBesideScript;

// A rejection here (a bug: main() reports its own errors) crashes with a stack trace and exit
// code 1, as bin/weather.js's top-level await does.
void main(process.argv.slice(2), processIO(), { readData }).then((code) => {
  process.exitCode = code;
});
