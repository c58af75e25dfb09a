// Start-up figures: whole processes, each run paired with a run of `node -e 0` beside it
// (paired-runs.mjs); peak memory from GNU time.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, pairedRow, parseMaxRss } from './figures.mjs';
import { pairedRuns } from './paired-runs.mjs';
import { BIN, cleanEnv, commandLine, have, LONDON, NODE, run } from './processes.mjs';

const GNU_TIME = '/usr/bin/time';

/**
 * @typedef {import('./figures.mjs').Row} Row
 * @typedef {import('./figures.mjs').Budget} Budget
 * A command timed against `node -e 0`; `check` tells its output is right before it is timed.
 * @typedef {{
 *   group: string,
 *   name: string,
 *   detail?: string,
 *   argv: string[],
 *   budget?: Budget,
 *   check: (stdout: string) => boolean,
 *   rss?: boolean,
 * }} Command
 */

/**
 * Median peak RSS of `runs` runs of `argv`, MB.
 * @param {readonly string[]} argv
 * @param {NodeJS.ProcessEnv} env
 * @param {number} runs
 * @param {string} tmp
 */
function peakRss(argv, env, runs, tmp) {
  const out = join(tmp, 'time.txt');
  const values = [];
  for (let i = 0; i < runs; i++) {
    run(GNU_TIME, ['-f', '%M', '-o', out, ...argv], { env, stdio: 'ignore' });
    values.push(parseMaxRss(readFileSync(out, 'utf8')));
  }
  return median(values);
}

/**
 * @param {{
 *   quick: boolean,
 *   home: string,
 *   tmp: string,
 *   server: { url: string, key: string },
 *   executable: string | { skipped: string },
 *   caCerts: string | undefined,
 * }} options
 * @returns {Row[]}
 */
export function benchStartup({ quick, home, tmp, server, executable, caCerts }) {
  const floorScript = join(tmp, 'floor.mjs');
  writeFileSync(
    floorScript,
    "import { get } from 'node:http';\nget(process.argv[2], (res) => res.pipe(process.stdout));\n",
  );
  const live = ['--base-url', server.url, '--appid', server.key];
  const query = `${server.url}/weather?lat=51.5&lon=-0.1&units=metric&appid=${server.key}`;
  /** @param {string} stdout */
  const answered = (stdout) => stdout.includes('"cod":200');
  /** @type {Command[]} */
  const commands = [
    {
      group: 'start-up',
      name: '`weather --version`',
      argv: [NODE, BIN, '--version'],
      budget: { on: 'ratio', op: '≤', limit: 1.2 },
      check: (stdout) => /^\d+\.\d+\.\d+\n$/.test(stdout),
    },
    {
      group: 'start-up',
      name: 'offline call',
      detail: '`--offline --lat 51.5 --lon -0.1 -o raw`',
      argv: [NODE, BIN, '--offline', ...LONDON, '-o', 'raw'],
      budget: { on: 'ratio', op: '≤', limit: 2.5 },
      check: answered,
      rss: true,
    },
    {
      group: 'start-up',
      name: 'live call',
      detail: 'to a local `weather serve`',
      argv: [NODE, BIN, ...LONDON, '-o', 'raw', ...live],
      budget: { on: 'ratio', op: '≤', limit: 2.5 },
      check: answered,
      rss: true,
    },
    {
      group: 'start-up',
      name: 'floor',
      detail: 'one GET from an ESM script with node:http',
      argv: [NODE, floorScript, query],
      check: answered,
    },
  ];
  if (typeof executable === 'string')
    commands.push(
      {
        group: 'single executable',
        name: 'offline call',
        argv: [executable, '--offline', ...LONDON, '-o', 'raw'],
        budget: { on: 'ratio', op: '≤', limit: 2.0 },
        check: answered,
      },
      {
        group: 'single executable',
        name: 'live call',
        argv: [executable, ...LONDON, '-o', 'raw', ...live],
        budget: { on: 'ratio', op: '≤', limit: 2.0 },
        check: answered,
      },
    );
  const baseline = [NODE, '-e', '0'];

  /** @type {Row[]} */
  const rows = [];
  const settings = [
    { caCerts: undefined, rounds: quick ? 4 : 20 },
    { caCerts, rounds: quick ? 2 : 6, label: ' with NODE_EXTRA_CA_CERTS' },
  ];
  for (const setting of settings) {
    const label = setting.label ?? '';
    // The budgets hold without the variable; with it, every figure is reported only.
    const budgets = setting.label === undefined;
    /**
     * @param {string} group
     * @param {Command} command
     */
    const figure = (group, command) =>
      `${group}${label}: ${command.name}${budgets && command.detail ? ` (${command.detail})` : ''}`;
    if (setting.label && setting.caCerts === undefined) {
      rows.push({ figure: `start-up${label}`, unit: '', skipped: 'not set here' });
      continue;
    }
    const env = cleanEnv(home, setting.caCerts);
    for (const command of commands) {
      const [file = '', ...args] = command.argv;
      const stdout = run(file, args, { env });
      if (!command.check(stdout)) throw new Error(`${commandLine(command.argv)} printed ${stdout}`);
    }
    process.stderr.write(`start-up${label}: ${setting.rounds} rounds\n`);
    for (const { command, measured, baseline: base } of pairedRuns(
      commands,
      baseline,
      env,
      setting.rounds,
      tmp,
    )) {
      const budget = budgets ? command.budget : undefined;
      rows.push(
        pairedRow(
          { figure: figure(command.group, command), unit: 'ms', ...(budget ? { budget } : {}) },
          measured,
          base,
        ),
      );
    }
    if (typeof executable !== 'string')
      rows.push({ figure: `single executable${label}`, unit: '', skipped: executable.skipped });

    if (!have(GNU_TIME)) {
      rows.push({ figure: `peak RSS${label}`, unit: '', skipped: `no ${GNU_TIME}` });
      continue;
    }
    const runs = quick ? 3 : 5;
    const base = peakRss(baseline, env, runs, tmp);
    for (const command of commands.filter((c) => c.rss)) {
      const value = peakRss(command.argv, env, runs, tmp);
      rows.push({
        figure: figure('peak RSS', command),
        unit: 'MB',
        value,
        baseline: base,
        ratio: value / base,
        ...(budgets ? { budget: { on: 'value', op: '≤', limit: 55, unit: 'MB' } } : {}),
      });
    }
  }
  return rows;
}
