// The sections of `npm run bench`, in the order they run and print. Each one measures something
// and returns rows of the table (figures.mjs: a value, the baseline measured beside it, a budget).
//
// To add figures (a place lookup, batch lines per second, …): write scripts/bench/<name>.mjs
// exporting a function that takes the context below and returns Row[] (sync or async), add one
// entry here, and add its figures to README.md's "Performance" table. A section that needs a
// tool returns a row with `skipped` when the tool is missing instead of failing; in-process
// figures of src/ code can follow world.mjs (a child process imports a bundle of the module,
// times it and prints JSON).
import { join } from 'node:path';
import { benchAnsiweather } from './ansiweather.mjs';
import { executable } from './executable.mjs';
import { benchPlaces } from './places.mjs';
import { have, startWeatherServer } from './processes.mjs';
import { benchServer } from './server.mjs';
import { benchStartup } from './startup.mjs';
import { benchWorld } from './world.mjs';

/**
 * @typedef {import('./figures.mjs').Row} Row
 * @typedef {Awaited<ReturnType<typeof startWeatherServer>>} WeatherServer
 * What every section is given. `client` is a `weather serve` shared by the sections that time
 * whole client processes, started on first use and stopped at the end of the run.
 * @typedef {{
 *   quick: boolean,
 *   tmp: string,
 *   buildExecutable: boolean,
 *   client: () => Promise<WeatherServer>,
 * }} Context
 * `cli`: the section runs bin/weather.js, so dist/ must be fresh (executable.mjs, freshCli).
 * @typedef {{
 *   name: string,
 *   cli: boolean,
 *   measure: (context: Context) => Row[] | Promise<Row[]>,
 * }} Section
 */

/** @param {string} figure */
const noHyperfine = (figure) => [{ figure, unit: '', skipped: 'no hyperfine' }];

/** @type {readonly Section[]} */
export const SECTIONS = [
  {
    name: 'startup',
    cli: true,
    measure: async ({ quick, tmp, buildExecutable, client }) => {
      if (!have('hyperfine')) return noHyperfine('start-up');
      const server = await client();
      return benchStartup({
        quick,
        home: join(tmp, 'client'),
        tmp,
        server,
        executable: executable(buildExecutable),
        caCerts: process.env.NODE_EXTRA_CA_CERTS || undefined,
      });
    },
  },
  {
    name: 'ansiweather',
    cli: true,
    measure: async ({ quick, tmp, client }) => {
      if (!have('hyperfine')) return noHyperfine('ansiweather');
      const server = await client();
      return benchAnsiweather({ quick, home: join(tmp, 'client'), tmp, server });
    },
  },
  {
    name: 'server',
    cli: true,
    measure: async ({ quick, tmp }) => {
      if (!have('wrk')) return [{ figure: 'server', unit: '', skipped: 'no wrk' }];
      // A server of its own, so its resident set owes nothing to the start-up runs.
      const server = await startWeatherServer(join(tmp, 'load'));
      try {
        return await benchServer({ quick, server });
      } finally {
        await server.stop();
      }
    },
  },
  { name: 'world', cli: false, measure: ({ quick }) => benchWorld({ quick }) },
  {
    name: 'places',
    cli: true,
    measure: ({ quick, tmp }) => benchPlaces({ quick, home: join(tmp, 'places') }),
  },
];
