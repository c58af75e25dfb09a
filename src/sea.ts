// Entry point of the single executable (`npm run package`): bundled as CommonJS, run by the copy
// of node that postject put the SEA blob into. Data files travel as SEA assets, because nothing
// next to the executable can be assumed; the npm build reads data/ instead.
//
// The executable is built with a V8 startup snapshot (scripts/package.mjs, `useSnapshot`): this
// file runs once at build time, loads the modules a query needs, runs an offline query (so that
// its code is compiled in the snapshot), and names `run` as what the executable starts with.
// Nothing read from the process (arguments, environment, terminal, the assets) may be kept from
// that run: all of it is read inside `run`.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startupSnapshot } from 'node:v8';
import { readDataFile } from './core/data-files.js';
import { main, processIO, startsItself } from './cli/main.js';
import { loadQueryModules, warmOfflineQuery } from './cli/warm.js';

/**
 * An asset as the executable holds it, without a copy: a view of memory that must not be written
 * to (places.bin is only read).
 */
async function readAsset(name: string): Promise<Uint8Array> {
  const { getRawAsset } = process.getBuiltinModule('node:sea');
  const asset = getRawAsset(name);
  return typeof asset === 'string' ? Buffer.from(asset) : new Uint8Array(asset);
}

/**
 * Running the CommonJS bundle with plain node (to debug it) has no assets: look for data/ beside
 * the bundle and one level up, as in a checkout where the bundle sits in a folder of its own.
 */
function readBesideScript(name: string): Promise<Uint8Array> {
  const script = pathToFileURL(`${dirname(process.argv[1] ?? process.execPath)}/`);
  return readDataFile(
    name,
    [new URL('data/', script), new URL('../data/', script)],
    'outside a single executable this bundle reads it from data/ beside it or one level up; build the executable with `npm run package`',
  );
}

function run(): void {
  const sea = process.getBuiltinModule('node:sea').isSea();
  const readData = sea ? readAsset : readBesideScript;
  // The executable takes no script argument; the bundle run with plain node does.
  const startSelf = startsItself(sea ? [] : [...process.execArgv, process.argv[1] ?? '']);
  // A rejection here (a bug: main() reports its own errors) crashes with a stack trace and exit
  // code 1, as bin/weather.js's top-level await does.
  void main(process.argv.slice(2), processIO(), { readData, startSelf }).then((code) => {
    process.exitCode = code;
  });
}

/**
 * The data folder of the checkout the executable is built from (scripts/package.mjs says where),
 * for the query run while the snapshot is built; the executable itself reads only its assets.
 */
const SNAPSHOT_DATA = 'WEATHER_SNAPSHOT_DATA';

/**
 * A data file of that folder, read synchronously: a file handle of node:fs/promises could still
 * be alive when the heap is written (src/cli/warm.ts).
 */
function readSnapshotData(folder: string, name: string): Promise<Uint8Array> {
  return Promise.resolve(readFileSync(`${folder}/${name}`));
}

if (startupSnapshot.isBuildingSnapshot()) {
  // Evaluated now and kept in the snapshot, with the code of an offline query compiled; the build
  // waits for the promise (the event loop runs dry before the heap is written), and fails if it
  // rejects.
  const folder = process.env[SNAPSHOT_DATA];
  if (folder === undefined)
    throw new Error(`${SNAPSHOT_DATA} is not set: build with npm run package`);
  void loadQueryModules().then(() => warmOfflineQuery((name) => readSnapshotData(folder, name)));
  startupSnapshot.setDeserializeMainFunction(run);
} else {
  run();
}
