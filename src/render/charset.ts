import type { Env } from '../core/env.js';

/**
 * What the terminal can draw. `ascii` for TERM=dumb and for a locale that is not UTF-8 (C, POSIX,
 * ISO-8859-1 and the like): box drawing and the degree sign come out as mojibake there. With no
 * locale set at all, UTF-8 is assumed, as every terminal emulator of the last decade speaks it.
 */
export type Charset = 'unicode' | 'ascii';

export function decideCharset(env: Env): Charset {
  if (env.TERM === 'dumb') return 'ascii';
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG;
  if (locale === undefined || locale === '') return 'unicode';
  if (locale === 'C' || locale === 'POSIX') return 'ascii';
  // language[_territory][.codeset][@modifier]; without a codeset glibc means ISO-8859-1.
  const codeset = /\.([^@]+)/u.exec(locale)?.[1]?.toLowerCase().replace(/-/gu, '');
  return codeset === 'utf8' ? 'unicode' : 'ascii';
}

/** `°C` as the charset can show it: `C`; a bare degree sign becomes ` deg`. */
export function degrees(text: string, charset: Charset): string {
  return charset === 'unicode' ? text : text.replace(/ ?°(?=[CF])/gu, ' ').replace(/°/gu, ' deg');
}
