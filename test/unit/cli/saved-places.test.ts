import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeHome } from '../../helpers/cli.js';
import { homeEnv, run } from '../../helpers/io.js';
import { namesBytes } from '../../helpers/world.js';

const NOW = ['--offline', '--now', '2026-06-21T12:00:00Z'];
const COORD = ['-f', '{coord.lat},{coord.lon}'];

beforeAll(async () => {
  await namesBytes();
}, 120_000);

function fresh() {
  const { home, remove } = makeHome();
  const env = homeEnv(home);
  const config = join(home, 'config', 'config.json');
  return { env, config, remove, weather: (argv: readonly string[]) => run(argv, { env }) };
}

describe('saved places', () => {
  it('adds from coordinates (negative ones too) and from --place, lists, uses and removes them', async () => {
    const { weather, config, remove } = fresh();
    try {
      expect((await weather(['places', 'add', 'home', '51.5', '-0.1'])).code).toBe(0);
      expect((await weather(['places', 'add', 'south', '-33.9', '151.2'])).code).toBe(0);
      expect((await weather(['places', 'add', 'work', '--place', 'Zurich, CH'])).code).toBe(0);
      expect(JSON.parse(readFileSync(config, 'utf8'))).toEqual({
        places: {
          home: { lat: 51.5, lon: -0.1 },
          south: { lat: -33.9, lon: 151.2 },
          work: { lat: 47.36667, lon: 8.55 },
        },
      });
      const listed = await run(['places', 'list'], { env: fresh().env, stdoutIsTTY: true });
      expect(listed.stderr).toBe(
        'weather: no saved places; save one: weather places add home 51.5 -0.1\n',
      );
      const table = await weather(['places', 'list', '-o', 'table']);
      expect(table.stdout).toBe(
        'NAME   LAT,LON\nhome   51.5,-0.1\nsouth  -33.9,151.2\nwork   47.36667,8.55\n',
      );
      expect((await weather(['places', 'list'])).stdout).toBe(
        '{"name":"home","lat":51.5,"lon":-0.1}\n{"name":"south","lat":-33.9,"lon":151.2}\n{"name":"work","lat":47.36667,"lon":8.55}\n',
      );
      expect((await weather(['places', 'list', '-o', 'names'])).stdout).toBe('home\nsouth\nwork\n');
      const at = await weather([...NOW, '--at', 'south', ...COORD]);
      expect([at.code, at.stdout, at.stderr]).toEqual([0, '-33.9,151.2\n', '']);

      expect((await weather(['config', 'set', 'location', 'work'])).code).toBe(0);
      const stored = await weather([...NOW, ...COORD]);
      expect([stored.code, stored.stdout, stored.stderr]).toEqual([0, '47.3667,8.55\n', '']);
      // Coordinates on the command line still win over the stored location.
      const given = await weather([...NOW, '--lat', '1', '--lon', '2', ...COORD]);
      expect(given.stdout).toBe('1,2\n');

      const refused = await weather(['places', 'remove', 'work']);
      expect([refused.code, refused.stderr]).toEqual([
        2,
        'weather: the stored location is "work"\nhint: store another first (weather config set location <lat,lon or name>), or weather config unset location\n',
      ]);
      expect((await weather(['places', 'remove', 'home'])).code).toBe(0);
      expect((await weather(['places', 'list', '-o', 'names'])).stdout).toBe('south\nwork\n');
      // Settings are kept beside the places.
      expect(JSON.parse(readFileSync(config, 'utf8'))).toEqual({
        places: { south: { lat: -33.9, lon: 151.2 }, work: { lat: 47.36667, lon: 8.55 } },
        location: 'work',
      });
    } finally {
      remove();
    }
  });

  it.each([
    [
      ['places', 'add', '9lives', '1', '2'],
      '"9lives" cannot name a place (a letter, then up to 31 letters, digits, - or _ (e.g. home, work-2))',
    ],
    [
      ['places', 'add', 'home'],
      'places add needs <lat> <lon> or --place\nhint: e.g. weather places add home 51.5 -0.1, or weather places add home --place "London, GB"',
    ],
    [
      ['places', 'add', 'home', '1', '2', '--place', 'Paris'],
      'give <lat> <lon> or --place, not both',
    ],
    [['places', 'add', 'home', '91', '2'], 'lat must be a number from -90 to 90, got "91"'],
    [
      ['places', 'remove', 'nowhere'],
      'no saved place named "nowhere"\nhint: see: weather places list',
    ],
    [
      ['config', 'set', 'location', 'nowhere'],
      'no saved place named "nowhere"\nhint: see: weather places list',
    ],
    [[...NOW, '--at', 'nowhere'], 'no saved place named "nowhere"\nhint: see: weather places list'],
    [[...NOW, '--at', 'home', '--place', 'Paris'], '--place and --at cannot be combined'],
    [
      [...NOW, '--at', 'home', '--lat', '1', '--lon', '1'],
      '--at and --lat/--lon cannot be combined',
    ],
  ])('%j is a usage error', async (argv, message) => {
    const { weather, remove } = fresh();
    try {
      await weather(['places', 'add', 'home', '1', '1']);
      const r = await weather(argv);
      expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `weather: ${message}\n`]);
    } finally {
      remove();
    }
  });

  it('reports a stored location naming a place that is gone, and a malformed places entry', async () => {
    const { weather, config, remove } = fresh();
    try {
      mkdirSync(join(config, '..'), { recursive: true });
      writeFileSync(config, JSON.stringify({ location: 'cabin' }));
      const gone = await weather([...NOW, ...COORD]);
      expect([gone.code, gone.stderr]).toEqual([
        8,
        'weather: the stored location names the saved place "cabin", which is not saved\nhint: save it (weather places add cabin <lat> <lon>) or store another location\n',
      ]);
      writeFileSync(config, JSON.stringify({ places: { cabin: { lat: 95, lon: 0 } } }));
      const bad = await weather(['places', 'add', 'home', '1', '2']);
      expect([bad.code, bad.stderr]).toEqual([
        8,
        `weather: config file ${config}: saved place "cabin" is not a name with {"lat", "lon"}\nhint: fix or move the file; weather has left it untouched\n`,
      ]);
      expect(readFileSync(config, 'utf8')).toBe('{"places":{"cabin":{"lat":95,"lon":0}}}');
    } finally {
      remove();
    }
  });
});
