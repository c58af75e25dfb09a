// Whole processes timed side by side: hyperfine (no shell, `-N`) runs each command once beside a
// run of the baseline, the baseline first in even rounds and second in odd ones, so a busy
// moment of the machine hits both terms of a pair.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseHyperfine } from './figures.mjs';
import { commandLine, run } from './processes.mjs';

/**
 * Runs every command `rounds` times (after one round not counted) and returns, for each, its
 * times and the times of the baseline runs beside them, in ms.
 * @template {{ argv: readonly string[] }} C
 * @param {readonly C[]} commands
 * @param {readonly string[]} baseline
 * @param {NodeJS.ProcessEnv} env
 * @param {number} rounds
 * @param {string} tmp a folder for hyperfine's JSON
 * @returns {{ command: C, measured: number[], baseline: number[] }[]}
 */
export function pairedRuns(commands, baseline, env, rounds, tmp) {
  const json = join(tmp, 'hyperfine.json');
  const samples = commands.map((command) => ({
    command,
    measured: /** @type {number[]} */ ([]),
    baseline: /** @type {number[]} */ ([]),
  }));
  for (let round = -1; round < rounds; round++) {
    const baselineFirst = round % 2 === 0;
    const lines = commands.flatMap((command) =>
      baselineFirst
        ? [commandLine(baseline), commandLine(command.argv)]
        : [commandLine(command.argv), commandLine(baseline)],
    );
    run('hyperfine', ['-N', '--runs', '1', '--style', 'none', '--export-json', json, ...lines], {
      env,
    });
    if (round < 0) continue;
    const results = parseHyperfine(readFileSync(json, 'utf8'));
    samples.forEach((sample, i) => {
      const [first, second] = [results[2 * i], results[2 * i + 1]];
      if (!first || !second) throw new Error('hyperfine returned fewer results than commands');
      const [own, base] = baselineFirst ? [second, first] : [first, second];
      sample.measured.push(...own.times);
      sample.baseline.push(...base.times);
    });
  }
  rmSync(json, { force: true });
  return samples;
}
