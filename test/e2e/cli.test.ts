import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeHome, useServer, weather } from '../helpers/cli.js';
import { NOW, servedBody, SUMMARY, TABLE, tokyoAt, TOKYO } from '../helpers/tokyo.js';

// The real binary for one run of each output and exit code; the rest of the CLI's behaviour is
// tested in process (test/unit/cli).
const served = useServer(['--now', NOW, '--rate-limit', '0']);
const { home } = served;

function live(args: readonly string[], env: Record<string, string> = {}) {
  return weather(home, tokyoAt(served, args), env);
}

describe('against weather serve', () => {
  it.each([
    ['table', ['-o', 'table'], TABLE],
    ['summary', ['-o', 'summary'], SUMMARY],
    [
      'template',
      [
        '-f',
        '{place}|{main.temp:.1}{temp_unit}|{local_time}|{sunrise}|{sunset}|{wind_dir}|{rain.1h|0}',
      ],
      'Tokyo, JP|21.9°C|21:00|04:25|19:00|SW|0\n',
    ],
  ])('%s', async (_what, args, stdout) => {
    const r = await live(args);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, stdout, '']);
  });

  it('prints the json body byte for byte when piped', async () => {
    const mode = 'json';
    const r = await live(['--mode', mode]);
    expect(r.code).toBe(0);
    expect(r.stdoutBytes.equals(await servedBody(served.server().url, served.key(), mode))).toBe(
      true,
    );
  });

  it('names the place in the language asked, offline as the server does', async () => {
    const moscow = ['--lat', '55.75', '--lon', '37.62', '-o', 'raw'];
    const names: unknown[] = [];
    for (const lang of ['fr', 'de', 'en']) {
      const offline = await weather(home, [...moscow, '-l', lang, '--offline', '--now', NOW]);
      const server = await weather(home, [
        ...moscow,
        '-l',
        lang,
        '--base-url',
        served.server().url,
        '--appid',
        served.key(),
      ]);
      expect([offline.code, offline.stderr, server.code, server.stderr]).toEqual([0, '', 0, '']);
      expect(offline.stdout).toBe(server.stdout);
      names.push((JSON.parse(offline.stdout) as { name: unknown }).name);
    }
    expect(names).toEqual(['Moscou', 'Moskau', 'Moscow']);
  });

  it('answers 401 for an unknown key with exit 4', async () => {
    const r = await weather(home, [
      ...TOKYO,
      '--base-url',
      served.server().url,
      '--appid',
      'wrongkey',
    ]);
    expect([r.code, r.stdout, r.stderr]).toEqual([
      4,
      '',
      'weather: the API rejected the key (401): Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.\n' +
        'hint: check the key (weather config get appid) or set another: weather config set appid <key>\n',
    ]);
  });
});

describe('usage errors exit 2 before any request', () => {
  it.each([
    [['--lat', '91', '--lon', '0'], 'weather: --lat must be a number from -90 to 90, got "91"\n'],
  ])('%j', async (args, stderr) => {
    const r = await weather(home, args);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', stderr]);
  });
});

describe('weather config', () => {
  it('stops with exit 8 on a broken config file, names it and never rewrites it', async () => {
    const { home: h, remove: r } = makeHome();
    try {
      expect((await weather(h, ['config', 'set', 'units', 'imperial'])).code).toBe(0);
      const file = join(h, 'config', 'config.json');
      writeFileSync(file, '{"units": "imperial",');
      for (const args of [
        [...TOKYO, '--offline'],
        ['config', 'list'],
        ['config', 'set', 'lang', 'de'],
      ]) {
        const result = await weather(h, args);
        expect([result.code, result.stdout]).toEqual([8, '']);
        expect(result.stderr).toMatch(
          new RegExp(
            `^weather: config file ${file} is not valid JSON: .+\\nhint: fix or move the file; weather has left it untouched\\n$`,
          ),
        );
      }
      expect(readFileSync(file, 'utf8')).toBe('{"units": "imperial",');
      expect((await weather(h, ['config', 'path'])).stdout).toBe(`${file}\n`);
    } finally {
      r();
    }
  });
});

describe('version', () => {
  it('--version prints the package version', async () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    const r = await weather(home, ['--version']);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, `${pkg.version}\n`, '']);
  });
});
