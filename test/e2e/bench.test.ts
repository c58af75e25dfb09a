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
