import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCommand } from '../helpers/cli.js';

/**
 * The README's promise to a newcomer: in a fresh checkout, `npm install` and then
 * `npx weather --lat 51.5 --lon -0.1` prints a table. The checkout is a copy of every file git
 * would give (tracked, plus new files not ignored); the command runs under a real pseudo-terminal
 * (util-linux `script`) because a table is what a terminal gets.
 */
const checkout = mkdtempSync(join(tmpdir(), 'weather-checkout-'));
const config = mkdtempSync(join(tmpdir(), 'weather-config-'));
afterAll(() => {
  rmSync(checkout, { recursive: true, force: true });
  rmSync(config, { recursive: true, force: true });
});

function copyCheckout(): void {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: ROOT },
  )
    .toString('utf8')
    .split('\0')
    .filter((f) => f !== '');
  for (const file of files) {
    mkdirSync(dirname(join(checkout, file)), { recursive: true });
    try {
      copyFileSync(join(ROOT, file), join(checkout, file));
    } catch (error) {
      // A file deleted but not yet committed is not part of the checkout.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME, // npm's cache, so the install can be served from it
  LANG: 'C.UTF-8',
  TERM: 'xterm-256color',
  TZ: 'UTC',
  WEATHER_CONFIG_DIR: config,
  WEATHER_CACHE_DIR: join(config, 'cache'),
};

describe('quick start in a fresh checkout', () => {
  it(
    'npm install, then npx weather --lat 51.5 --lon -0.1 prints a table',
    { timeout: 300_000 },
    async () => {
      copyCheckout();
      const install = await runCommand(
        'npm',
        ['install', '--prefer-offline', '--no-audit', '--no-fund'],
        {
          env,
          cwd: checkout,
          timeoutMs: 280_000,
        },
      );
      expect(install.code, install.stderr).toBe(0);

      const run = await runCommand(
        'script',
        ['-qec', 'npx weather --lat 51.5 --lon -0.1', '/dev/null'],
        {
          env,
          cwd: checkout,
          timeoutMs: 30_000,
        },
      );
      const screen = stripVTControlCharacters(run.stdout).replace(/\r/g, '');
      expect(run.code, screen).toBe(0);
      const lines = screen.split('\n');
      // npx may draw a spinner on the same line before the notice.
      const notice =
        'weather: no API key set, so this is simulated data from the embedded model; to use the real service: weather config set appid <key>';
      expect(lines.filter((line) => line.endsWith(notice))).toHaveLength(1);
      const table = lines.filter((line) => /^[┌│└]/.test(line));
      expect(table[0]).toMatch(/^┌─+┬─+┐$/);
      expect(table.at(-1)).toMatch(/^└─+┴─+┘$/);
      expect(table.map((line) => line.split('│')[1]?.trim())).toEqual([
        undefined,
        'Place',
        'Coordinates',
        'Observed',
        'Conditions',
        'Temperature',
        'Min / max',
        'Wind',
        'Humidity',
        'Pressure',
        'Clouds',
        'Visibility',
        ...(screen.includes('│ Rain') ? ['Rain'] : []),
        ...(screen.includes('│ Snow') ? ['Snow'] : []),
        'Sunrise',
        'Sunset',
        'Data',
        undefined,
      ]);
      expect(table[1]).toMatch(/│ Place +│ Lambeth, GB +│$/);

      // The README's way to put `weather` on PATH (into a prefix of our own, not the machine's).
      const prefix = join(config, 'global');
      const global = await runCommand('npm', ['install', '--global', '.', '--prefix', prefix], {
        env,
        cwd: checkout,
        timeoutMs: 120_000,
      });
      expect(global.code, global.stderr).toBe(0);
      const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        version: string;
      };
      const version = await runCommand(join(prefix, 'bin', 'weather'), ['--version'], {
        env,
        cwd: config,
      });
      expect([version.code, version.stdout]).toEqual([0, `${pkg.version}\n`]);
      expect(existsSync(join(prefix, 'share', 'man', 'man1', 'weather.1'))).toBe(true);
    },
  );
});
