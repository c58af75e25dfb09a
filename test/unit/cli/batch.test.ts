import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RequestBudget } from '../../../src/cli/request-budget.js';
import { homeEnv, run } from '../../helpers/io.js';
import { useTempDir } from '../../helpers/tmp.js';
import { namesBytes } from '../../helpers/world.js';

const tempDir = useTempDir();
const NOW = ['--offline', '--now', '2026-06-21T12:00:00Z'];

beforeAll(async () => {
  await namesBytes();
}, 120_000);

interface BatchRecord {
  readonly line: number;
  readonly input: string;
  readonly ok: boolean;
  readonly weather?: { readonly place: { readonly name: string } };
  readonly error?: { readonly message: string; readonly exit_code: number };
}

function records(stdout: string): string[] {
  return stdout
    .trimEnd()
    .split('\n')
    .map((line) => {
      const r = JSON.parse(line) as BatchRecord;
      return r.ok
        ? `${r.line} ${r.input} → ${r.weather?.place.name}`
        : `${r.line} ${r.input} ✗ ${r.error?.exit_code} ${r.error?.message.split('\n')[0]}`;
    });
}

describe('weather batch', () => {
  it('writes one record per line in input order, a bad line never stopping the run', async () => {
    const home = tempDir();
    const env = homeEnv(home);
    await run(['places', 'add', 'home', '51.5', '-0.1'], { env });
    const file = join(home, 'in.txt');
    writeFileSync(
      file,
      [
        '35.68,139.69',
        '',
        '# a comment',
        'Zürich',
        'home',
        'Springfield',
        '91,0',
        'nowhere-xyz',
        '-33.87, 151.21',
      ].join('\n'),
    );
    const r = await run(['batch', file, ...NOW, '--concurrency', '3'], { env });
    expect([r.code, records(r.stdout), r.stderr]).toEqual([
      2,
      [
        '1 35.68,139.69 → Hatsudai',
        '4 Zürich → Zürich',
        '5 home → Lambeth',
        '6 Springfield ✗ 2 "Springfield" names 25 places:',
        '7 91,0 ✗ 2 "91,0" is not lat,lon with lat from -90 to 90 and lon from -180 to 180',
        '8 nowhere-xyz ✗ 2 no place named "nowhere-xyz" in the bundled GeoNames data (places of 500 people or more)',
        '9 -33.87, 151.21 → Sydney',
      ],
      '',
    ]);
  });

  it('exits 0 when every line succeeds, and takes the most populous with --first', async () => {
    const file = join(tempDir(), 'in.txt');
    writeFileSync(file, 'Springfield\n');
    const r = await run(['batch', file, ...NOW, '--first'], { env: homeEnv(tempDir()) });
    expect([r.code, records(r.stdout), r.stderr]).toEqual([0, ['1 Springfield → Springfield'], '']);
  });

  it.each([
    [['batch', '/nonexistent/in.txt', ...NOW], 'weather: /nonexistent/in.txt: no such file\n'],
    [
      ['batch', ...NOW],
      'weather: batch reads standard input, and there is none\nhint: give a file: weather batch places.txt\n',
    ],
    [
      ['batch', 'x', '--mode', 'html', ...NOW],
      'weather: batch decodes every answer: --mode json or xml\n',
    ],
  ])('%j is a usage error', async (argv, stderr) => {
    const r = await run(argv, { env: homeEnv(tempDir()) });
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', stderr]);
  });
});

describe('RequestBudget', () => {
  it('lets a minute’s worth go at once, then one per 60/n seconds, in order', async () => {
    let t = 0;
    const slept: number[] = [];
    const budget = new RequestBudget(
      3,
      () => t,
      async (ms) => {
        slept.push(ms);
        t += ms;
      },
    );
    const went: number[] = [];
    await Promise.all([1, 2, 3, 4, 5].map(async (i) => budget.take().then(() => went.push(i))));
    expect([went, slept, t]).toEqual([[1, 2, 3, 4, 5], [20_000, 20_000], 40_000]);
  });
});
