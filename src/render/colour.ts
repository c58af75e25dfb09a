import { Chalk, type ChalkInstance } from 'chalk';
import type { Env } from '../core/env.js';

export type ColorLevel = 0 | 1 | 2 | 3;

/**
 * The colour level, decided once: --color/--no-color, then FORCE_COLOR (as Node itself ranks it,
 * above NO_COLOR), then NO_COLOR, then what the terminal says it supports. chalk's own detection
 * ignores NO_COLOR, so it is never used.
 */
export function decideColorLevel(flag: boolean | undefined, env: Env, isTTY: boolean): ColorLevel {
  const detected = terminalLevel(env);
  if (flag === false) return 0;
  const forced = env.FORCE_COLOR;
  if (flag === true)
    return forced !== undefined
      ? (Math.max(1, forceLevel(forced)) as ColorLevel)
      : (Math.max(1, detected) as ColorLevel);
  if (forced !== undefined) return forceLevel(forced);
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  return isTTY ? detected : 0;
}

function forceLevel(value: string): ColorLevel {
  if (value === '' || value === 'true') return 1;
  if (value === 'false') return 0;
  const level = Number(value);
  return level === 1 || level === 2 || level === 3 ? level : level === 0 ? 0 : 1;
}

function terminalLevel(env: Env): ColorLevel {
  if (env.TERM === 'dumb') return 0;
  if (env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit') return 3;
  if (env.TERM?.includes('256')) return 2;
  return 1;
}

export function makeChalk(level: ColorLevel): ChalkInstance {
  return new Chalk({ level });
}
