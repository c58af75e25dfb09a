// Entry point of the single executable (`npm run package`): bundled as CommonJS, run by the copy
// of node that postject put the SEA blob into. Data files travel as SEA assets, because nothing
// next to the executable can be assumed; the npm build reads data/ instead.
//
// The executable is built with a V8 startup snapshot (scripts/package.mjs, `useSnapshot`): this
// file runs once at build time, loads the modules a query needs, and names `run` as what the
// executable starts with.
// Nothing read from the process (arguments, environment, terminal, the assets) may be kept from
// that run: all of it is read inside `run`.
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startupSnapshot } from 'node:v8';
import { readDataFile } from './core/data-files.js';
import { main, processIO, startsItself } from './cli/main.js';
import { loadQueryModules } from './cli/warm.js';

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

if (startupSnapshot.isBuildingSnapshot()) {
  // Evaluated now and kept in the snapshot; the build waits for the promise (the event loop runs
  // dry before the heap is written). A query is not run here: it leaves native handles behind,
  // and whether they are gone when the heap is written varies, so the builder would abort now
  // and then (CheckGlobalAndEternalHandles, seen with Node 20 and 22).
  void loadQueryModules();
  startupSnapshot.setDeserializeMainFunction(run);
} else {
  run();
}
