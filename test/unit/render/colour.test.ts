import { describe, expect, it } from 'vitest';
import { decideColorLevel } from '../../../src/render/colour.js';

describe('decideColorLevel', () => {
  it.each([
    ['terminal', undefined, {}, true, 1],
    ['pipe', undefined, {}, false, 0],
    ['256-colour terminal', undefined, { TERM: 'xterm-256color' }, true, 2],
    ['truecolor terminal', undefined, { COLORTERM: 'truecolor' }, true, 3],
    ['dumb terminal', undefined, { TERM: 'dumb' }, true, 0],
    ['NO_COLOR on a terminal', undefined, { NO_COLOR: '1' }, true, 0],
    ['empty NO_COLOR is ignored', undefined, { NO_COLOR: '' }, true, 1],
    ['FORCE_COLOR on a pipe', undefined, { FORCE_COLOR: '1' }, false, 1],
    ['FORCE_COLOR=3 on a pipe', undefined, { FORCE_COLOR: '3' }, false, 3],
    ['FORCE_COLOR=0 on a terminal', undefined, { FORCE_COLOR: '0' }, true, 0],
    ['FORCE_COLOR beats NO_COLOR', undefined, { FORCE_COLOR: '2', NO_COLOR: '1' }, false, 2],
    ['--no-color beats FORCE_COLOR', false, { FORCE_COLOR: '3' }, true, 0],
    ['--color on a pipe', true, {}, false, 1],
    ['--color beats NO_COLOR', true, { NO_COLOR: '1' }, false, 1],
    ['--color with FORCE_COLOR=2', true, { FORCE_COLOR: '2' }, false, 2],
    ['--color on a truecolor terminal', true, { COLORTERM: 'truecolor' }, true, 3],
  ] as const)('%s → %s', (_what, flag, env, tty, level) => {
    expect(decideColorLevel(flag, env, tty)).toBe(level);
  });
});
