// npm run bench: every performance figure of the project beside its budget. Budgets are ratios
// against baselines measured in the same run, interleaved with the figures (`node -e 0` for
// start-up, a bare node:http server for `weather serve`), so a busy machine moves both sides.
// Prints a table and exits 1 when a budget is missed. The sections are listed in
// scripts/bench/sections.mjs, which says how to add one; the options are USAGE below.
//
// Needs hyperfine, wrk, GNU time (/usr/bin/time) and ansiweather (Debian packages); a figure
// whose tool is missing is reported as skipped. dist/ is rebuilt first, for the sections that run
// bin/weather.js, when it is out of date or was built by another node (scripts/bench/executable.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { freshCli } from './bench/executable.mjs';
import { renderMarkdown, renderText, verdict } from './bench/figures.mjs';
import { startWeatherServer } from './bench/processes.mjs';
import { SECTIONS } from './bench/sections.mjs';
import { selfTest } from './bench/self-test.mjs';

/** @typedef {import('./bench/figures.mjs').Row} Row */

const NAMES = SECTIONS.map((section) => section.name);

const USAGE = `usage: npm run bench -- [options]

  --report-only      exit 0 even when a budget is missed
  --markdown         print the table as Markdown (for README.md, "Performance")
  --quick            a smoke run of one to two minutes (also BENCH_QUICK=1); rougher
                     figures, and the single executable only if it is built and up to date
  --only <sections>  comma-separated: ${NAMES.join(', ')}
  --no-package       never build the single executable (skip it when missing or out of date)
  --self-test        check the parsers and the arithmetic on canned outputs; measures nothing
  --help             print this
`;

/** The options; a one-line error and exit code 2 for an option it does not know. */
function parseOptions() {
  try {
    return parseArgs({
      options: {
        'report-only': { type: 'boolean', default: false },
        markdown: { type: 'boolean', default: false },
        quick: { type: 'boolean', default: process.env.BENCH_QUICK === '1' },
        only: { type: 'string', default: NAMES.join(',') },
        'no-package': { type: 'boolean', default: false },
        'self-test': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Node 22 goes on about positional arguments after the first sentence.
    process.stderr.write(`bench: ${message.split('. ')[0]}; --help lists the options\n`);
    process.exit(2);
  }
}

const options = parseOptions();

if (options.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

if (options['self-test']) {
  process.stdout.write(`${selfTest()}\n`);
  process.exit(0);
}

const only = new Set(options.only.split(','));
const unknown = [...only].filter((name) => !NAMES.includes(name));
if (unknown.length > 0) {
  process.stderr.write(
    `bench: unknown section ${unknown.join(', ')}; known: ${NAMES.join(', ')}\n`,
  );
  process.exit(2);
}
const quick = options.quick;

if (SECTIONS.some((section) => section.cli && only.has(section.name))) freshCli();

/** @param {number} at */
const load = (at) => at.toFixed(2);
const started = { date: new Date(), load: loadavg()[0] ?? NaN };

const tmp = mkdtempSync(join(tmpdir(), 'weather-bench-'));
/** @type {Promise<Awaited<ReturnType<typeof startWeatherServer>>> | undefined} */
let client;
/** @type {Row[]} */
const rows = [];
try {
  for (const section of SECTIONS) {
    if (!only.has(section.name)) continue;
    const start = performance.now();
    rows.push(
      ...(await section.measure({
        quick,
        tmp,
        buildExecutable: !quick && !options['no-package'],
        client: () => (client ??= startWeatherServer(join(tmp, 'server'))),
      })),
    );
    const seconds = ((performance.now() - start) / 1000).toFixed(0);
    process.stderr.write(`${section.name}: done in ${seconds} s\n`);
  }
} finally {
  // A server that failed to start has its error thrown already.
  if (client)
    await client.then(
      (server) => server.stop(),
      () => undefined,
    );
  rmSync(tmp, { recursive: true, force: true });
}

const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
const machine =
  `${started.date.toISOString().slice(0, 10)}, ${availableParallelism()} cores (${cpu}), ` +
  `Node ${process.version}, Linux ${release()}, load average ${load(started.load)} at the start ` +
  `and ${load(loadavg()[0] ?? NaN)} at the end${quick ? ', quick run' : ''}`;
process.stdout.write(
  options.markdown
    ? `\nMeasured ${machine}.\n\n${renderMarkdown(rows)}\n`
    : `\n${machine}\n\n${renderText(rows)}\n`,
);

const missed = rows.filter((row) => verdict(row) === 'MISS');
if (missed.length > 0) {
  process.stderr.write(`\n${missed.length} budget${missed.length === 1 ? '' : 's'} missed\n`);
  if (!options['report-only']) process.exitCode = 1;
}
