#!/usr/bin/env node
// Runs the built CLI (dist/, made by `npm run build`); main() returns the exit code.
import { main, processIO, startsItself } from '../dist/weather.js';

// How this entry starts itself again (--refresh-ahead): node, its options, this script.
const startSelf = startsItself([...process.execArgv, process.argv[1]]);
process.exitCode = await main(process.argv.slice(2), processIO(), { startSelf });
