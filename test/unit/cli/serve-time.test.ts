import { describe, expect, it } from 'vitest';
import { createdKey, useServer } from '../../helpers/cli.js';
import { runIn, serveInProcess } from '../../helpers/io.js';

// One server answers for any moment: X-Weather-Now per request, --now for the rest.
const served = useServer(
  ['--now', '2026-03-01T00:00:00Z', '--rate-limit', '0', '--allow-test-headers'],
  serveInProcess,
);
const OSLO = 'lat=59.9139&lon=10.7522&units=metric';
const MOMENTS = [
  '2026-01-15T23:00:00Z',
  '2026-04-15T12:00:00Z',
  '2026-07-15T12:00:00Z',
  '2026-10-25T01:30:00Z',
];

async function servedAt(moment: string | undefined): Promise<string> {
  const headers: Record<string, string> = moment === undefined ? {} : { 'X-Weather-Now': moment };
  const response = await fetch(`${served.server().url}/weather?${OSLO}&appid=${served.key()}`, {
    headers,
  });
  expect(response.status).toBe(200);
  return response.text();
}

describe('time travel', () => {
  it('answers four moments of a year as the model does at each, and --now without the header', async () => {
    const answers = await Promise.all(MOMENTS.map(servedAt));
    const model = await Promise.all(
      MOMENTS.map(async (moment) => {
        const offline = await runIn(served.home, [
          ...['--lat', '59.9139', '--lon', '10.7522', '-u', 'metric'],
          ...['--offline', '--now', moment, '--output', 'raw'],
        ]);
        return offline.stdout.trimEnd();
      }),
    );
    expect(answers).toEqual(model);
    const summary = answers.map((text) => {
      const body = JSON.parse(text) as {
        dt: number;
        weather: { icon: string }[];
        timezone: number;
      };
      return [body.dt, body.weather[0]?.icon.slice(-1), body.timezone];
    });
    // Night in January, day in April and July, and half an hour after DST ended (01:00 UTC on
    // 25 October), UTC+1 again.
    expect(summary).toEqual([
      [Date.parse(MOMENTS[0] ?? '') / 1000, 'n', 3600],
      [Date.parse(MOMENTS[1] ?? '') / 1000, 'd', 7200],
      [Date.parse(MOMENTS[2] ?? '') / 1000, 'd', 7200],
      [Date.parse(MOMENTS[3] ?? '') / 1000, 'n', 3600],
    ]);
    const temps = answers.map((text) => (JSON.parse(text) as { main: { temp: number } }).main.temp);
    expect(new Set(temps).size).toBe(4);
    const plain = JSON.parse(await servedAt(undefined)) as { dt: number };
    expect(plain.dt).toBe(Date.parse('2026-03-01T00:00:00Z') / 1000);
  });

  it('--clock-speed runs the clock faster from --now', async () => {
    const { makeHome } = await import('../../helpers/cli.js');
    const { home, remove } = makeHome();
    const start = Date.parse('2026-01-01T00:00:00Z');
    const server = await serveInProcess(home, [
      ...['--now', '2026-01-01T00:00:00Z', '--clock-speed', '600000', '--rate-limit', '0'],
    ]);
    try {
      const key = createdKey(server.stderr());
      const dt = async () => {
        const response = await fetch(`${server.url}/weather?lat=1&lon=2&appid=${key}`);
        return (JSON.parse(await response.text()) as { dt: number }).dt;
      };
      const first = await dt();
      await new Promise((resolve) => setTimeout(resolve, 30));
      const second = await dt();
      // 600000 times real time: ten minutes, one observation cycle, every millisecond.
      expect(first).toBeGreaterThanOrEqual(start / 1000);
      expect(second - first).toBeGreaterThanOrEqual(30 * 600);
    } finally {
      await server.stop();
      remove();
    }
  });
});
