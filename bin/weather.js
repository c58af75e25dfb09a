#!/usr/bin/env node
// CommonJS (bin/package.json says so), so that `weather --version`, which a status bar or a
// script may run often, is answered before anything else loads: no ES module loader, no bundle.
// Everything else runs the built CLI (dist/weather.cjs, made by `npm run build`); main() returns the
// exit code.
'use strict';

const argv = process.argv.slice(2);

/**
 * dist/weather.cjs, loaded as require() would load it, with the code cache the build wrote beside
 * it (scripts/build.mjs): V8 deserialises the compiled script instead of parsing it. Without the
 * cache, or when V8 rejects it (another node than the one that built dist/), it compiles the source.
 */
function loadCli() {
  const { readFileSync } = require('node:fs');
  const { createRequire, wrap } = require('node:module');
  const { dirname, join } = require('node:path');
  const { Script } = require('node:vm');
  const file = join(__dirname, '..', 'dist', 'weather.cjs');
  let cachedData;
  try {
    cachedData = readFileSync(`${file}.cache`);
  } catch {
    // Compiled from source.
  }
  // The name the build made the cache under (scripts/build.mjs), whatever the path.
  const script = new Script(wrap(readFileSync(file, 'utf8')), {
    filename: 'dist/weather.cjs',
    cachedData,
  });
  const module = { exports: {} };
  script
    .runInThisContext()
    .call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

function runCli() {
  Promise.resolve(loadCli()).then(async ({ main, processIO, startsItself }) => {
    // How this entry starts itself again (--refresh-ahead): node, its options, this script.
    const startSelf = startsItself([...process.execArgv, process.argv[1]]);
    process.exitCode = await main(argv, processIO(), { startSelf });
  });
}

if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  try {
    require('node:fs').writeSync(1, `${require('../package.json').version}\n`);
  } catch (error) {
    // A reader that went away is not an error; anything else (a full disk) is reported by the
    // CLI, as for any other output.
    if (error.code !== 'EPIPE') runCli();
  }
} else {
  runCli();
}
