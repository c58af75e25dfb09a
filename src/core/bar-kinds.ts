/** The status-bar outputs and icon sets, as the option table names them (src/render/bars.ts renders them). */
export const BARS = ['waybar', 'i3bar', 'polybar', 'tmux'] as const;
export type Bar = (typeof BARS)[number];

export const ICON_SETS = ['emoji', 'nerd', 'ascii'] as const;
export type IconSet = (typeof ICON_SETS)[number];

export function isBar(output: string): output is Bar {
  return (BARS as readonly string[]).includes(output);
}

export function isIconSet(text: string): text is IconSet {
  return (ICON_SETS as readonly string[]).includes(text);
}

/**
 * The icons a bar can show by default: emoji where the locale is UTF-8, else ASCII (the first of
 * LC_ALL, LC_CTYPE and LANG that is set decides, as the C library does).
 */
export function defaultIcons(env: Readonly<Record<string, string | undefined>>): IconSet {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  return /utf-?8/i.test(locale) ? 'emoji' : 'ascii';
}
