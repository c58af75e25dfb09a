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
 * @typedef {{
 *   figure: string,
 *   short?: string,
 *   argv: string[],
 *   budget?: Budget,
 *   check: (stdout: string) => boolean,
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
  const node = [
    {
      figure: 'start-up: `weather --version`',
      argv: [NODE, BIN, '--version'],
      budget: { on: 'ratio', op: '≤', limit: 1.2 },
      check: (stdout) => /^\d+\.\d+\.\d+\n$/.test(stdout),
    },
    {
      figure: 'start-up: offline call (`--offline --lat 51.5 --lon -0.1 -o raw`)',
      short: 'offline call',
      argv: [NODE, BIN, '--offline', ...LONDON, '-o', 'raw'],
      budget: { on: 'ratio', op: '≤', limit: 2.5 },
      check: answered,
    },
    {
      figure: 'start-up: live call to a local `weather serve`',
      short: 'live call',
      argv: [NODE, BIN, ...LONDON, '-o', 'raw', ...live],
      budget: { on: 'ratio', op: '≤', limit: 2.5 },
      check: answered,
    },
    {
      figure: 'start-up floor: one GET from an ESM script with node:http',
      argv: [NODE, floorScript, query],
      check: answered,
    },
  ];
  /** @type {Command[]} */
  const sea =
    typeof executable === 'string'
      ? [
          {
            figure: 'single executable: offline call',
            argv: [executable, '--offline', ...LONDON, '-o', 'raw'],
            budget: { on: 'ratio', op: '≤', limit: 2.0 },
            check: answered,
          },
          {
            figure: 'single executable: live call',
            argv: [executable, ...LONDON, '-o', 'raw', ...live],
            budget: { on: 'ratio', op: '≤', limit: 2.0 },
            check: answered,
          },
        ]
      : [];
  const commands = [...node, ...sea];
  const baseline = [NODE, '-e', '0'];

  /** @type {Row[]} */
  const rows = [];
  const settings = [
    { label: '', caCerts: undefined, rounds: quick ? 5 : 30, budgets: true },
    { label: ' (NODE_EXTRA_CA_CERTS set)', caCerts, rounds: quick ? 2 : 10, budgets: false },
  ];
  for (const setting of settings) {
    if (setting.label && setting.caCerts === undefined) {
      rows.push({ figure: `start-up${setting.label}`, unit: '', skipped: 'not set here' });
      continue;
    }
    const env = cleanEnv(home, setting.caCerts);
    for (const command of commands) {
      const [file = '', ...args] = command.argv;
      const stdout = run(file, args, { env });
      if (!command.check(stdout)) throw new Error(`${commandLine(command.argv)} printed ${stdout}`);
    }
    process.stderr.write(`start-up${setting.label}: ${setting.rounds} rounds\n`);
    for (const sample of pairedRuns(commands, baseline, env, setting.rounds, tmp)) {
      const { command } = sample;
      rows.push(
        pairedRow(
          {
            figure: command.figure + setting.label,
            unit: 'ms',
            ...(setting.budgets && command.budget ? { budget: command.budget } : {}),
          },
          sample.measured,
          sample.baseline,
        ),
      );
    }
    if (typeof executable !== 'string')
      rows.push({
        figure: `single executable${setting.label}`,
        unit: '',
        skipped: executable.skipped,
      });

    if (!have(GNU_TIME)) {
      rows.push({ figure: `peak RSS${setting.label}`, unit: '', skipped: `no ${GNU_TIME}` });
      continue;
    }
    const runs = quick ? 3 : 7;
    const base = peakRss(baseline, env, runs, tmp);
    for (const command of node.slice(1, 3)) {
      const value = peakRss(command.argv, env, runs, tmp);
      rows.push({
        figure: `peak RSS: ${command.short ?? command.figure}${setting.label}`,
        unit: 'MB',
        value,
        baseline: base,
        ratio: value / base,
        ...(setting.budgets ? { budget: { on: 'value', op: '≤', limit: 55, unit: 'MB' } } : {}),
      });
    }
  }
  return rows;
}
