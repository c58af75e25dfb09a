import { beforeAll, describe, expect, it } from 'vitest';
import { run, useHome } from '../../helpers/io.js';
import { namesBytes } from '../../helpers/world.js';

const { env } = useHome();
const NOW = ['--offline', '--now', '2026-06-21T12:00:00Z'];

beforeAll(async () => {
  await namesBytes();
}, 120_000);

describe('--place', () => {
  it.each([
    ['Zurich', '47.3667,8.55 Zürich\n'],
    ['zürich, ch-zh', '47.3667,8.55 Zürich\n'],
    ['München', '48.1374,11.5755 Munich\n'],
    ['Springfield, US-IL', '39.8017,-89.6437 Springfield\n'],
  ])('%s', async (place, stdout) => {
    const r = await run([...NOW, '--place', place, '-f', '{coord.lat},{coord.lon} {name}'], {
      env,
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, stdout, '']);
  });

  it('exits 2 with the candidates when a name is ambiguous', async () => {
    const r = await run([...NOW, '--place', 'Springfield', '-f', '{name}'], { env });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      2,
      '',
      [
        'weather: "Springfield" names 25 places:',
        '  Springfield, US-MO  166,810  37.21533,-93.29824',
        '  Springfield, US-MA  154,341  42.10148,-72.58981',
        '  Springfield, US-IL  116,565  39.80172,-89.64371',
        '  Springfield, US-OR  60,870   44.04624,-123.02203',
        '  Springfield, US-OH  59,680   39.92423,-83.80882',
        '  and 20 more',
        'hint: name one, e.g. --place "Springfield, US-MO", or take the most populous with --first',
        '',
      ].join('\n'),
    ]);
  });

  it('takes the most populous with --first', async () => {
    const r = await run([...NOW, '--place', 'Springfield', '--first', '-f', '{coord.lat}'], {
      env,
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '37.2153\n', '']);
  });

  it.each([
    [
      ['--place', 'Atlantis, GR'],
      'weather: no place named "Atlantis, GR" in the bundled GeoNames data (places of 500 people or more)\nhint: look for it: weather places search "Atlantis"; or give --lat and --lon\n',
    ],
    [
      ['--place', 'Paris, France'],
      'weather: "France" after the comma is not a country code or country-region code\nhint: e.g. "Paris", "Paris, FR" or "Springfield, US-IL" (country code, region code)\n',
    ],
    [
      ['--place', 'Paris', '--lat', '1', '--lon', '2'],
      'weather: --place and --lat/--lon cannot be combined\n',
    ],
    [['--lat', '1', '--lon', '2', '--first'], 'weather: --first goes with --place\n'],
  ])('%j is a usage error', async (args, stderr) => {
    const r = await run([...NOW, ...args], { env });
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', stderr]);
  });
});

describe('places search', () => {
  it('prints a table on a terminal', async () => {
    const r = await run(['places', 'search', 'springf', '--limit', '3'], {
      env,
      stdoutIsTTY: true,
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      0,
      [
        'PLACE               POPULATION  LAT,LON',
        'Springfield, US-MO  166,810     37.21533,-93.29824',
        'Springfield, US-MA  154,341     42.10148,-72.58981',
        'Springfield, US-IL  116,565     39.80172,-89.64371',
        '',
      ].join('\n'),
      '',
    ]);
  });

  it('prints NDJSON when piped', async () => {
    const r = await run(['places', 'search', 'zurich, CH', '--limit', '1'], { env });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      0,
      '{"name":"Zürich","country":"CH","region":"ZH","population":341730,"lat":47.36667,"lon":8.55}\n',
      '',
    ]);
  });

  it('says so on stderr when nothing matches', async () => {
    const r = await run(['places', 'search', 'qqqxz'], { env, stdoutIsTTY: true });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      0,
      '',
      'weather: no place name starts with "qqqxz"\n',
    ]);
  });
});
