import { describe, expect, it } from 'vitest';
import { defaultIcons } from '../../../src/core/bar-kinds.js';
import { renderBarFailure } from '../../../src/render/bars.js';

describe('bar failure output', () => {
  it.each([
    ['waybar', '{"text":"!","tooltip":"100% gone #1","class":["failed"]}\n'],
    ['i3bar', '{"full_text":"!","short_text":"!","color":"#ff5555"}\n'],
    ['polybar', '%{F#ff5555}!%{F-}\n'],
    ['tmux', '#[fg=#ff5555]!#[default]\n'],
  ] as const)('%s', (bar, text) => {
    expect(renderBarFailure(bar, '100% gone #1', { icons: 'ascii', now: 0 })).toBe(text);
  });
});

describe('default icons', () => {
  it.each([
    [{ LANG: 'en_US.UTF-8' }, 'emoji'],
    [{ LANG: 'C.utf8' }, 'emoji'],
    [{ LANG: 'en_US.UTF-8', LC_ALL: 'C' }, 'ascii'],
    [{ LC_CTYPE: 'de_DE.UTF-8', LANG: 'C' }, 'emoji'],
    [{}, 'ascii'],
  ])('%j → %s', (env, icons) => {
    expect(defaultIcons(env)).toBe(icons);
  });
});
