import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cleanEnv, makeHome, ROOT, runCommand } from '../helpers/cli.js';

// `npm run bench` times things, so it is not part of the tests; its parsers of wrk, hyperfine,
// GNU time and /proc, its paired-ratio arithmetic, its budgets and its tables are, on canned
// outputs (scripts/bench/self-test.mjs).
const { home, remove } = makeHome();
afterAll(remove);

it('npm run bench -- --self-test checks its parsers and arithmetic without timing anything', async () => {
  const r = await runCommand(process.execPath, [join(ROOT, 'scripts/bench.mjs'), '--self-test'], {
    env: cleanEnv(home),
  });
  expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
    code: 0,
    stdout: 'bench self-test: 15 checks passed\n',
    stderr: '',
  });
});

it('npm run bench -- --help lists the options; an unknown one is a one-line error', async () => {
  const bench = (args: string[]) =>
    runCommand(process.execPath, [join(ROOT, 'scripts/bench.mjs'), ...args], {
      env: cleanEnv(home),
    });
  const runs = await Promise.all([['--help'], ['--bogus'], ['--only', 'startup,nope']].map(bench));
  expect(runs.map(({ code, stdout, stderr }) => ({ code, stdout, stderr }))).toEqual([
    {
      code: 0,
      stdout: [
        'usage: npm run bench -- [options]',
        '',
        '  --report-only      exit 0 even when a budget is missed',
        '  --markdown         print the table as Markdown (for README.md, "Performance")',
        '  --quick            a smoke run of one to two minutes (also BENCH_QUICK=1); rougher',
        '                     figures, and the single executable only if it is built and up to date',
        '  --only <sections>  comma-separated: startup, ansiweather, server, world, places',
        '  --no-package       never build the single executable (skip it when missing or out of date)',
        '  --self-test        check the parsers and the arithmetic on canned outputs; measures nothing',
        '  --help             print this',
        '',
      ].join('\n'),
      stderr: '',
    },
    {
      code: 2,
      stdout: '',
      stderr: "bench: Unknown option '--bogus'; --help lists the options\n",
    },
    {
      code: 2,
      stdout: '',
      stderr: 'bench: unknown section nope; known: startup, ansiweather, server, world, places\n',
    },
  ]);
});
