// npm run bench: every performance figure of the project beside its budget. Budgets are ratios
// against baselines measured in the same run, interleaved with the figures (`node -e 0` for
// start-up, a bare node:http server for `weather serve`), so a busy machine moves both sides.
// Prints a table and exits 1 when a budget is missed.
//
//   --report-only      exit 0 even when a budget is missed
//   --markdown <file>  also write the table as Markdown (README.md, "Performance")
//   --quick            a smoke run of about 30 s (also BENCH_QUICK=1); figures are rougher
//   --only <sections>  comma-separated: startup, ansiweather, server, world
//   --no-package       never build the single executable (skip it when missing or out of date)
//   --self-test        check the parsers and the arithmetic on canned outputs; measures nothing
//
// Needs hyperfine, wrk, GNU time (/usr/bin/time) and ansiweather (Debian packages); a figure
// whose tool is missing is reported as skipped.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { benchAnsiweather } from './bench/ansiweather.mjs';
import { executable } from './bench/executable.mjs';
import { renderMarkdown, renderText, verdict } from './bench/figures.mjs';
import { have, startWeatherServer } from './bench/processes.mjs';
import { selfTest } from './bench/self-test.mjs';
import { benchServer } from './bench/server.mjs';
import { benchStartup } from './bench/startup.mjs';
import { benchWorld } from './bench/world.mjs';

/** @typedef {import('./bench/figures.mjs').Row} Row */

const SECTIONS = ['startup', 'ansiweather', 'server', 'world'];

const { values: options } = parseArgs({
  options: {
    'report-only': { type: 'boolean', default: false },
    markdown: { type: 'string' },
    quick: { type: 'boolean', default: process.env.BENCH_QUICK === '1' },
    only: { type: 'string', default: SECTIONS.join(',') },
    'no-package': { type: 'boolean', default: false },
    'self-test': { type: 'boolean', default: false },
  },
});

if (options['self-test']) {
  process.stdout.write(`${selfTest()}\n`);
  process.exit(0);
}

const only = new Set(options.only.split(','));
const unknown = [...only].filter((section) => !SECTIONS.includes(section));
if (unknown.length > 0)
  throw new Error(`unknown section ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
const quick = options.quick;

/** @param {number} at */
const load = (at) => at.toFixed(2);
const started = { date: new Date(), load: loadavg()[0] ?? NaN };

const tmp = mkdtempSync(join(tmpdir(), 'weather-bench-'));
/** @type {Row[]} */
const rows = [];
/**
 * Runs a section if it was asked for, keeps its rows and says how long it took.
 * @param {string} name
 * @param {() => Row[] | Promise<Row[]>} measure
 */
async function section(name, measure) {
  if (!only.has(name)) return;
  const start = performance.now();
  rows.push(...(await measure()));
  process.stderr.write(`${name}: done in ${((performance.now() - start) / 1000).toFixed(0)} s\n`);
}

try {
  const hyperfine = have('hyperfine') ? undefined : 'no hyperfine';
  if (only.has('startup') || only.has('ansiweather')) {
    const exe = only.has('startup') ? executable(!quick && !options['no-package']) : undefined;
    const server = await startWeatherServer(join(tmp, 'server'));
    const home = join(tmp, 'client');
    try {
      await section('startup', () => {
        if (hyperfine) return [{ figure: 'start-up', unit: '', skipped: hyperfine }];
        const caCerts = process.env.NODE_EXTRA_CA_CERTS || undefined;
        return benchStartup({ quick, home, tmp, server, executable: exe ?? '', caCerts });
      });
      await section('ansiweather', () => {
        if (hyperfine) return [{ figure: 'ansiweather', unit: '', skipped: hyperfine }];
        return benchAnsiweather({ quick, home, tmp, server });
      });
    } finally {
      await server.stop();
    }
  }
  await section('server', async () => {
    if (!have('wrk')) return [{ figure: 'server', unit: '', skipped: 'no wrk' }];
    // A server of its own, so its resident set owes nothing to the start-up runs.
    const server = await startWeatherServer(join(tmp, 'load'));
    try {
      return await benchServer({ quick, server });
    } finally {
      await server.stop();
    }
  });
  await section('world', () => benchWorld({ quick }));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
const machine =
  `${started.date.toISOString().slice(0, 10)}, ${availableParallelism()} cores (${cpu}), ` +
  `Node ${process.version}, Linux ${release()}, load average ${load(started.load)} at the start ` +
  `and ${load(loadavg()[0] ?? NaN)} at the end${quick ? ', quick run' : ''}`;
process.stdout.write(`\n${machine}\n\n${renderText(rows)}\n`);
if (options.markdown) writeFileSync(options.markdown, `${machine}.\n\n${renderMarkdown(rows)}\n`);

const missed = rows.filter((row) => verdict(row) === 'MISS');
if (missed.length > 0) {
  process.stderr.write(`\n${missed.length} budget${missed.length === 1 ? '' : 's'} missed\n`);
  if (!options['report-only']) process.exitCode = 1;
}
