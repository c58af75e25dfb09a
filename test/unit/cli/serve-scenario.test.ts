import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createdKey, makeHome } from '../../helpers/cli.js';
import { runIn, serveInProcess } from '../../helpers/io.js';

const { home, remove } = makeHome();
afterAll(remove);

function file(name: string, content: unknown): string {
  const path = join(home, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('weather serve --scenario', () => {
  it('refuses an invalid file before listening, naming the file and the JSON path (exit 2)', async () => {
    const path = file('bad.json', { overrides: [{ place: 'Oslo', temperature: 'cold' }] });
    expect(await runIn(home, ['serve', '--port', '0', '--scenario', path])).toEqual({
      code: 2,
      stdout: '',
      stdoutBytes: Buffer.alloc(0),
      stderr: `weather: --scenario ${path}: $.overrides[0].temperature must be a number\nhint: the format is described by schema/scenario.schema.json\n`,
    });
    const missing = join(home, 'missing.json');
    expect(await runIn(home, ['serve', '--port', '0', '--scenario', missing])).toEqual({
      code: 2,
      stdout: '',
      stdoutBytes: Buffer.alloc(0),
      stderr: `weather: --scenario: cannot read ${missing}: no such file\n`,
    });
  });

  it('answers heavy snow in Oslo now, and the model elsewhere', async () => {
    const path = file('oslo.json', {
      overrides: [{ place: 'Oslo', condition: 602, temperature: -8, wind: { speed: 9 } }],
    });
    const args = ['--now', '2026-01-15T12:00:00Z', '--rate-limit', '0', '--scenario', path];
    const server = await serveInProcess(home, args);
    try {
      const key = createdKey(server.stderr());
      const get = async (query: string) => {
        const response = await fetch(`${server.url}/weather?${query}&units=metric&appid=${key}`);
        return JSON.parse(await response.text()) as {
          name: string;
          weather: { id: number; description: string }[];
          main: { temp: number };
          wind: { speed: number };
          snow?: unknown;
        };
      };
      const oslo = await get('lat=59.9139&lon=10.7522');
      expect([oslo.name, oslo.weather[0], oslo.main.temp, oslo.wind.speed, 'snow' in oslo]).toEqual(
        ['Oslo', { id: 602, main: 'Snow', description: 'heavy snow', icon: '13d' }, -8, 9, true],
      );
      const bergen = await get('lat=60.3913&lon=5.3221');
      expect([bergen.name, bergen.main.temp === -8 && bergen.weather[0]?.id === 602]).toEqual([
        'Bergen',
        false,
      ]);
    } finally {
      await server.stop();
    }
  });
});
