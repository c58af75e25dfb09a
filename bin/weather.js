#!/usr/bin/env node
// CommonJS (bin/package.json says so), so that `weather --version`, which a status bar or a
// script may run often, is answered before anything else loads: no ES module loader, no bundle.
// Everything else runs the built CLI (dist/weather.cjs, made by `npm run build`); main() returns the
// exit code.
'use strict';

const argv = process.argv.slice(2);

function runCli() {
  Promise.resolve(require('../dist/weather.cjs')).then(
    async ({ main, processIO, startsItself }) => {
      // How this entry starts itself again (--refresh-ahead): node, its options, this script.
      const startSelf = startsItself([...process.execArgv, process.argv[1]]);
      process.exitCode = await main(argv, processIO(), { startSelf });
    },
  );
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
