#!/usr/bin/env node
// Runs the built CLI (dist/, made by `npm run build`); main() returns the exit code.
import { main, processIO } from '../dist/weather.js';

process.exitCode = await main(process.argv.slice(2), processIO());
