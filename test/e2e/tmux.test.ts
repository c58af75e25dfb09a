import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Observation } from '../../src/core/observation.js';
import { displayWidth } from '../../src/render/width.js';
import { BIN, cleanEnv, makeHome } from '../helpers/cli.js';
import { startFaultServer, type FaultServer } from '../helpers/fault-server.js';
import { CJK_PLACE, LATIN_PLACE } from '../helpers/places.js';

/**
 * The table as a real terminal shows it: weather runs in a tmux pane of a given width, and the
 * pane's screen is read back. Each run has a tmux server of its own (its own socket).
 */
const { home, remove } = makeHome();
let upstream: FaultServer;

/** The observation, made five minutes ago (an old one is refused as implausible). */
function answer(observation: Observation): { status: number; body: string } {
  const dt = Math.floor(Date.now() / 1000) - 300;
  const sys = { ...observation.sys, sunrise: dt - 3600, sunset: dt + 3600 };
  return {
    status: 200,
    body: JSON.stringify({ ...observation, dt, sys, base: 'stations', cod: 200 }),
  };
}

beforeAll(async () => {
  upstream = await startFaultServer({
    cjk: [answer(CJK_PLACE.observation)],
    latin: [answer(LATIN_PLACE.observation)],
  });
});

afterAll(async () => {
  await upstream.close();
  remove();
});

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, "'\\''")}'`;
}

/** The pane's text once the table's bottom border is drawn. */
async function inTmux(scenario: string, columns: number): Promise<string> {
  const socket = `weather-test-${process.pid}-${scenario}-${columns}`;
  const env = cleanEnv(home, { WEATHER_CONFIG_DIR: join(home, `config-${socket}`) });
  const vars = Object.entries(env).map(([k, v]) => `${k}=${shellQuote(v ?? '')}`);
  const command = [
    'env',
    '-i',
    ...vars,
    'TERM=tmux-256color',
    'NO_COLOR=1',
    shellQuote(process.execPath),
    shellQuote(BIN),
    ...['--lat', '1', '--lon', '2', '--appid', 'k', '--base-url', upstream.base(scenario)],
    '-o table; sleep 30',
  ].join(' ');
  const tmux = (...args: string[]): string =>
    execFileSync('tmux', ['-u', '-L', socket, '-f', '/dev/null', ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, LANG: 'C.UTF-8', TERM: 'xterm-256color' },
      timeout: 5000,
    });
  tmux('new-session', '-d', '-x', String(columns), '-y', '50', command);
  try {
    for (let i = 0; i < 100; i++) {
      const screen = tmux('capture-pane', '-p', '-J');
      if (screen.includes('└') && screen.includes('Sunset')) return screen;
      if (screen.startsWith('weather:')) throw new Error(screen);
      await sleep(100);
    }
    throw new Error(`the table did not appear:\n${tmux('capture-pane', '-p')}`);
  } finally {
    tmux('kill-server');
  }
}

describe('the table in a terminal (tmux)', () => {
  it.each([40, 120])('shows the whole CJK place name at %i columns', async (columns) => {
    const screen = await inTmux('cjk', columns);
    const lines = screen.split('\n').filter((line) => line.trim() !== '');
    expect(Math.max(...lines.map(displayWidth))).toBeLessThanOrEqual(columns);
    const place = lines
      .slice(1, columns === 40 ? 3 : 2)
      .map((line) => line.split('│')[2]?.trim())
      .join('');
    expect(place).toBe('東京都千代田区丸の内一丁目東京駅前, JP');
  });

  it.each([40, 120])('shows the whole Latin place name at %i columns', async (columns) => {
    const screen = await inTmux('latin', columns);
    const lines = screen.split('\n').filter((line) => line.trim() !== '');
    const rows = columns === 40 ? 3 : 1;
    const place = lines
      .slice(1, 1 + rows)
      .map((line) => line.split('│')[2]?.trim())
      .join('');
    expect(place).toBe('Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch, GB');
  });
});
