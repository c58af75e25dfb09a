import { describe, expect, it } from 'vitest';
import { decideCharset, degrees } from '../../../src/render/charset.js';

describe('what the terminal can draw', () => {
  it.each([
    [{}, 'unicode'],
    [{ LANG: 'en_US.UTF-8' }, 'unicode'],
    [{ LANG: 'C.UTF-8' }, 'unicode'],
    [{ LANG: 'de_DE.utf8' }, 'unicode'],
    [{ LANG: 'ja_JP.UTF-8@cjk' }, 'unicode'],
    [{ LANG: 'C' }, 'ascii'],
    [{ LANG: 'POSIX' }, 'ascii'],
    [{ LANG: 'en_US' }, 'ascii'],
    [{ LANG: 'de_DE.ISO-8859-1' }, 'ascii'],
    [{ LANG: 'en_US.UTF-8', LC_ALL: 'C' }, 'ascii'],
    [{ LANG: 'C', LC_CTYPE: 'en_US.UTF-8' }, 'unicode'],
    [{ LANG: 'C', LC_ALL: '', LC_CTYPE: 'en_US.UTF-8' }, 'unicode'],
    [{ LANG: 'en_US.UTF-8', TERM: 'dumb' }, 'ascii'],
  ])('%j: %s', (env, expected) => {
    expect(decideCharset(env)).toBe(expected);
  });

  it.each([
    ['9.7 °C, feels like 7.3 °F', '9.7 C, feels like 7.3 F'],
    ['from N (349°)', 'from N (349 deg)'],
    ['280.1 K', '280.1 K'],
  ])('%j in ASCII is %j', (text, expected) => {
    expect(degrees(text, 'ascii')).toBe(expected);
    expect(degrees(text, 'unicode')).toBe(text);
  });
});
