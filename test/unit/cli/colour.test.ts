import { describe, expect, it } from 'vitest';
import { runIn, useHome } from '../../helpers/io.js';

const { home } = useHome();

// stdout is a pipe in every run here, so colour comes only from the flags and the environment.
const TOKYO = [
  '--lat',
  '35.6762',
  '--lon',
  '139.6503',
  '--offline',
  '--now',
  '2026-06-21T12:04:00Z',
];

/** The SGR codes chalk writes; the same at levels 1 to 3, since only the 16 named colours are used. */
function painter(on: boolean) {
  const sgr = (open: number, close: number) => (text: string) =>
    on ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return { bold: sgr(1, 22), cyan: sgr(36, 39), yellow: sgr(33, 39) };
}

function summary(on: boolean): string {
  const { bold, yellow } = painter(on);
  return `${bold('Tokyo, JP')}, observed 2026-06-21 21:00 (UTC+09:00)
Broken clouds, ${yellow('21.9 °C')}, feels like 22.1 °C
Wind 1.8 m/s from SW (220°)
Humidity 73%, pressure 1015 hPa
Sunrise 04:25, sunset 19:00
${yellow('Simulated by the embedded model, not a real observation')}
`;
}

function table(on: boolean): string {
  const { bold, cyan, yellow } = painter(on);
  return `${cyan('Place')}        ${bold('Tokyo, JP')}
${cyan('Coordinates')}  35.6762, 139.6503
${cyan('Observed')}     2026-06-21 21:00 (UTC+09:00)
${cyan('Conditions')}   Broken clouds
${cyan('Temperature')}  ${yellow('21.9 °C')}, feels like 22.1 °C
${cyan('Min / max')}    21.1 °C / 22.7 °C
${cyan('Wind')}         1.8 m/s from SW (220°)
${cyan('Humidity')}     73%
${cyan('Pressure')}     1015 hPa
${cyan('Clouds')}       75%
${cyan('Visibility')}   10 km
${cyan('Sunrise')}      04:25
${cyan('Sunset')}       19:00
${cyan('Data')}         ${yellow('simulated by the embedded model, not a real observation')}
`;
}

describe('colour of the table and summary when stdout is not a terminal', () => {
  it.each([
    ['no flag, no variables', [], {}, false],
    ['--color', ['--color'], {}, true],
    ['--no-color', ['--no-color'], {}, false],
    ['the last of --no-color --color', ['--no-color', '--color'], {}, true],
    ['the last of --color --no-color', ['--color', '--no-color'], {}, false],
    ['NO_COLOR', [], { NO_COLOR: '1' }, false],
    ['--color over NO_COLOR', ['--color'], { NO_COLOR: '1' }, true],
    ['FORCE_COLOR=1', [], { FORCE_COLOR: '1' }, true],
    ['FORCE_COLOR=2', [], { FORCE_COLOR: '2' }, true],
    ['FORCE_COLOR=3', [], { FORCE_COLOR: '3' }, true],
    ['FORCE_COLOR= (empty)', [], { FORCE_COLOR: '' }, true],
    ['FORCE_COLOR=0', [], { FORCE_COLOR: '0' }, false],
    ['FORCE_COLOR=false', [], { FORCE_COLOR: 'false' }, false],
    ['FORCE_COLOR over NO_COLOR', [], { FORCE_COLOR: '1', NO_COLOR: '1' }, true],
    ['--no-color over FORCE_COLOR=3', ['--no-color'], { FORCE_COLOR: '3' }, false],
    ['--color over FORCE_COLOR=0', ['--color'], { FORCE_COLOR: '0' }, true],
    ['--color on a dumb terminal type', ['--color'], { TERM: 'dumb' }, true],
  ] as const)('%s', async (_what, flags, env, coloured) => {
    // A dumb terminal is also drawn in ASCII.
    const shown = (text: string) =>
      'TERM' in env ? text.replace(/ °/g, ' ').replace(/°/g, ' deg') : text;
    const s = await runIn(home, [...TOKYO, '-o', 'summary', ...flags], env);
    expect([s.code, s.stdout, s.stderr]).toEqual([0, shown(summary(coloured)), '']);
    const t = await runIn(home, [...TOKYO, '-o', 'table', ...flags], env);
    expect([t.code, t.stdout, t.stderr]).toEqual([0, shown(table(coloured)), '']);
  });

  it('never colours a --format template or a raw body, even with --color', async () => {
    const template = await runIn(home, [...TOKYO, '--color', '-f', '{place} {main.temp}']);
    expect([template.code, template.stdout]).toEqual([0, 'Tokyo, JP 21.91\n']);
    const plain = await runIn(home, TOKYO);
    const forced = await runIn(home, [...TOKYO, '--color'], { FORCE_COLOR: '3' });
    expect([forced.code, forced.stdout.startsWith('{"coord":')]).toEqual([0, true]);
    expect(forced.stdout).toBe(plain.stdout);
  });
});
